import { LAST_SCREEN_RULES_ATTRIBUTE, TRANSIENT_ATTRIBUTE } from './format';

/**
 * Takes out of `copy`, a deep clone of `live`, what lies wholly below `bottom` on the live page:
 * what no one sees before scrolling (most of a long list) costs the painted screen parsing, style
 * and layout before its first frame.
 */
function dropBelow(live: Element, copy: Element, bottom: number): void {
  const copies = [...copy.children];
  [...live.children].forEach((child, i) => {
    const { top, bottom: end } = child.getBoundingClientRect();
    if (top >= bottom) copies[i]!.remove();
    else if (end > bottom) dropBelow(child, copies[i]!, bottom);
  });
}

const drawn = (el: Element) => /\d/.test(el.textContent ?? '');

/**
 * The app root's HTML as far as the screen shows it (or down to the figure, if lower), without its
 * transient parts, once the tab's figure (`figure`, a selector) is drawn with a digit in it; null
 * before. Only what React rendered is kept: React writes no inline event handler, and none is ever
 * painted back (index.html strips them too).
 */
export function captureRoot(root: Element, figure: string): string | null {
  const shown = [...root.querySelectorAll(figure)].find(drawn);
  if (!shown) return null;
  const copy = root.cloneNode(true) as Element;
  const height = root.ownerDocument.defaultView?.innerHeight ?? 0;
  dropBelow(root, copy, Math.max(height, shown.getBoundingClientRect().bottom));
  for (const el of copy.querySelectorAll(`[${TRANSIENT_ATTRIBUTE}]`)) el.remove();
  return [...copy.querySelectorAll(figure)].some(drawn) ? copy.innerHTML : null;
}

/** The style sheets of the document (absolute URLs), which the painted screen needs again. */
export function styleSheetsOf(doc: Document): string[] {
  const links = doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]');
  return [...new Set([...links].map((link) => link.href))];
}

/** Pseudo-elements, which no element matches: a rule styling one is used when its element is. */
const PSEUDO_ELEMENT =
  /::?(?:before|after|placeholder|selection|first-line|first-letter|marker|backdrop)\b|::[\w-]+(?:\([^)]*\))?/gi;

/** Whether an element of `root`, or the document's html or body, matches `selector` (kept when unsure). */
function selectorUsed(selector: string, root: Element, doc: Document): boolean {
  const plain = selector.replace(PSEUDO_ELEMENT, '');
  try {
    return root.querySelector(plain) !== null || doc.documentElement.matches(plain) || doc.body.matches(plain);
  } catch {
    return true;
  }
}

/** The text of `rules` that `root` uses: style rules by their selectors, groups by their contents. */
function usedText(rules: CSSRuleList, root: Element, doc: Document): string {
  let text = '';
  for (const rule of rules) {
    if ('selectorText' in rule) {
      if (selectorUsed((rule as CSSStyleRule).selectorText, root, doc)) text += rule.cssText;
    } else if ('cssRules' in rule && 'conditionText' in rule) {
      // @media, @supports, @container: the condition with the rules of it that are used.
      const inner = usedText((rule as CSSConditionRule).cssRules, root, doc);
      if (inner) text += `${rule.cssText.slice(0, rule.cssText.indexOf('{'))}{${inner}}`;
    } else {
      // Keyframes, font faces, layers and the like: small, and not tied to one element.
      text += rule.cssText;
    }
  }
  return text;
}

/**
 * The rules of the document's style sheets that the markup in `root` uses, in the sheets' order,
 * so a copy of that markup paints styled before the sheets load (the rules stay what they were:
 * same order, same specificity). States that no saved element is in (`:hover`, `:focus`) go.
 */
export function usedRules(doc: Document, root: Element): string {
  let text = '';
  for (const sheet of doc.styleSheets) {
    if ((sheet.ownerNode as Element | null)?.hasAttribute?.(LAST_SCREEN_RULES_ATTRIBUTE)) continue;
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      // Another origin's sheet: its rules cannot be read.
      continue;
    }
    text += usedText(rules, root, doc);
  }
  return text;
}

/**
 * Runs with the app's first commit (a layout effect at its top): the painted screen and its saved
 * rules go in the same task as the live page arrives, so the two are never in the document
 * together. The style sheets it added stay on (the live page may use them; a script finding one in
 * the document does not load it again); those that did not load go, so that a later page loads its
 * own.
 */
export function removeLastScreen(doc: Document, id: string, stylesAttribute: string): void {
  doc.getElementById(id)?.remove();
  // The app's own sheets are on before its first render (main.tsx), so the saved rules can go.
  for (const style of doc.querySelectorAll(`style[${LAST_SCREEN_RULES_ATTRIBUTE}]`)) style.remove();
  for (const link of doc.querySelectorAll<HTMLLinkElement>(`link[${stylesAttribute}]`)) {
    if (link.sheet) link.media = 'all';
    else link.remove();
  }
}
