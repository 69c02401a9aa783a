import type { Page } from 'playwright-core';

/** The least touch target (WCAG 2.5.5, Apple HIG), in CSS pixels on each side. */
export const MIN_TARGET = 44;

/** What a finger can tap: controls, links, tabs, selector items, and labels that wrap a hidden input. */
const INTERACTIVE = [
  'button',
  'a[href]',
  '[role="button"]',
  '[role="tab"]',
  '[role="switch"]',
  '[role="checkbox"]',
  '[role="radio"]',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '.adm-tabs-tab',
  '.adm-selector-item',
  'label:has(> input[type="radio"], > input[type="checkbox"])',
].join(',');

export interface SmallTarget {
  /** Tag, test id or accessible text, to find it. */
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible interactive element whose hit area is smaller than 44 x 44. The hit area is what
 * a tap reaches: the element's box when it is big enough, otherwise the points 22 px left, right,
 * above and below its centre must land on the element (so padding or a ::before / ::after that
 * extends it counts, and a neighbour drawn over it does not).
 */
export async function smallTargets(page: Page): Promise<SmallTarget[]> {
  // A string, not a function: transpilers may wrap named functions in helpers the page lacks.
  return page.evaluate(`(${MEASURE})(${JSON.stringify(INTERACTIVE)}, ${MIN_TARGET})`) as Promise<SmallTarget[]>;
}

const MEASURE = `async function (selector, min) {
  const small = [];
  const shown = (el) => {
    const style = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none' &&
      el.closest('[aria-hidden="true"], [inert]') === null;
  };
  const name = (el) => el.tagName.toLowerCase() +
    (el.getAttribute('data-testid') ? '#' + el.getAttribute('data-testid') : '') + ' "' +
    (el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? el.textContent ?? '').trim().slice(0, 30) + '"';
  const elements = [...document.querySelectorAll(selector)].filter((el) =>
    // A native radio, checkbox or file input is hidden inside the label or button that is measured.
    !(el instanceof HTMLInputElement && ['radio', 'checkbox', 'file'].includes(el.type)) && shown(el));
  for (const el of elements) {
    el.scrollIntoView({ block: 'center', inline: 'center' });
    await new Promise((r) => requestAnimationFrame(r));
    const r = el.getBoundingClientRect();
    if (r.width >= min && r.height >= min) continue;
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const reach = min / 2 - 0.5;
    const probes = [[cx - reach, cy], [cx + reach, cy], [cx, cy - reach], [cx, cy + reach]];
    const reached = probes.every(([x, y]) => {
      const hit = document.elementFromPoint(Math.max(0, x), Math.max(0, y));
      return hit !== null && (hit === el || el.contains(hit));
    });
    if (!reached) small.push({ what: name(el), width: Math.round(r.width), height: Math.round(r.height) });
  }
  window.scrollTo(0, 0);
  return small;
}`;
