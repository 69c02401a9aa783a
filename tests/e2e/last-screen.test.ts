import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, screenshotOnFailure, skipDemoNotices } from './support/browser';
import { appInBrowser, type Session } from './support/session';

const e2e = appInBrowser();

const ASSETS = '/pages/fund/assets';
const FIGURE = '[data-testid="total-fiat"]';
const SCRIPTS = '**/h5/assets/*.js';
/** The app's scripts and style sheets. */
const SCRIPTS_AND_STYLES = /\/h5\/assets\/[^/?#]+\.(?:js|css)(?:[?#]|$)/;

/**
 * Signed in at the assets tab. No service worker: the last screen comes from localStorage alone,
 * and without a worker the page's requests can be held here (a worker would serve them itself).
 */
async function openAssets(session: Session) {
  const context = await e2e.browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  await skipDemoNotices(context);
  await context.addInitScript(
    ([token, user]) => {
      if (localStorage.getItem('token') !== null) return;
      localStorage.setItem('h5Version', '1');
      localStorage.setItem('lang', JSON.stringify('en'));
      localStorage.setItem('token', JSON.stringify(token));
      localStorage.setItem('user', JSON.stringify(user));
    },
    [session.token, session.user] as const,
  );
  // Notes whether the painted screen and the app's page were ever in the document together.
  await context.addInitScript((figure) => {
    new MutationObserver(() => {
      const painted = document.getElementById('last-screen')?.querySelector(figure);
      if (painted && document.querySelector(`#root ${figure}`)) (window as { twice?: boolean }).twice = true;
    }).observe(document, { subtree: true, childList: true });
  }, FIGURE);
  const page = await context.newPage();
  screenshotOnFailure(page, 'last-screen');
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${e2e.app.home}#${ASSETS}`);
  return { context, page, problems };
}

/** Reloads with every script of the app (or what `held` matches) held back; `release` lets them load (and later ones). */
async function reloadWithoutModules(page: Page, heldBack: string | RegExp = SCRIPTS): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // A later hold is routed first; this one then only lets its requests through.
  await page.route(heldBack, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  return release;
}

const storedKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('lastScreen:')));

test("a reload paints the tab's last screen before any module runs, then the live page replaces it", async () => {
  const session = await e2e.signUp('last-screen');
  const { context, page, problems } = await openAssets(session);
  await page.locator(FIGURE).waitFor();
  await expect.poll(() => storedKeys(page), { timeout: 15_000 }).toContain(`lastScreen:${ASSETS}`);
  const total = await page.locator(FIGURE).innerText();
  expect(total).toMatch(/\d/);
  // Kept with the rules of the tab's sheets that it uses, not the whole sheets.
  const rules = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key)!) as { rules?: string }).rules ?? '',
    `lastScreen:${ASSETS}`,
  );
  const sheets = await page.evaluate(() =>
    [...document.styleSheets].reduce(
      (n, sheet) => n + [...sheet.cssRules].reduce((m, r) => m + r.cssText.length, 0),
      0,
    ),
  );
  expect(rules).toContain(':root');
  expect(rules.length).toBeLessThan(sheets / 2);

  // Scripts and style sheets held back: the saved rules alone style the painted page.
  const release = await reloadWithoutModules(page, SCRIPTS_AND_STYLES);
  const painted = page.locator(`#last-screen ${FIGURE}`);
  await painted.waitFor({ state: 'visible' });
  expect(await painted.innerText()).toBe(total);
  // No module ran: the frame is still in the app's root, hidden under the painted screen.
  expect(await page.locator('#root > .boot').isHidden()).toBe(true);
  expect(await page.locator(FIGURE).count()).toBe(1);
  const container = await page.locator('#last-screen').evaluate((el) => ({
    inert: (el as HTMLElement).inert,
    hidden: el.getAttribute('aria-hidden'),
    handlers: [...el.querySelectorAll('*')].flatMap((x) => x.getAttributeNames().filter((n) => n.startsWith('on'))),
  }));
  expect(container).toEqual({ inert: true, hidden: 'true', handlers: [] });
  expect(await page.locator('style[data-last-screen-rules]').count()).toBe(1);
  const look = (el: Element) => {
    const { fontSize, fontWeight, color } = getComputedStyle(el);
    return { fontSize, fontWeight, color, height: el.getBoundingClientRect().height };
  };
  const paintedLook = await painted.evaluate(look);
  expect(await page.locator('.last-screen-mark').innerText()).toMatch(/^As of .*\d.* · Refreshing$/);

  release();
  await page.locator(`#root ${FIGURE}`).waitFor();
  expect(await page.locator('#last-screen').count()).toBe(0);
  expect(await page.locator('style[data-last-screen-rules]').count()).toBe(0);
  expect(await page.locator(FIGURE).count()).toBe(1);
  expect(await page.evaluate(() => (window as { twice?: boolean }).twice ?? false)).toBe(false);
  // Painted with the rules of the tab's own style sheets: the figure looks as the live page draws it.
  expect(await page.locator(FIGURE).evaluate(look)).toEqual(paintedLook);
  expect(problems).toEqual([]);
  await context.close();
});

test('nothing is painted in another language, nor after signing out', async () => {
  const session = await e2e.signUp('last-screen-out');
  const { context, page, problems } = await openAssets(session);
  await page.locator(FIGURE).waitFor();
  await expect.poll(() => storedKeys(page), { timeout: 15_000 }).toContain(`lastScreen:${ASSETS}`);

  // Another stored language: the saved page speaks English, so it is not painted.
  await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('fra')));
  let release = await reloadWithoutModules(page);
  await page.locator('#root > .boot').waitFor();
  expect(await page.locator('#last-screen').isHidden()).toBe(true);
  expect(await page.locator('#last-screen').evaluate((el) => el.childElementCount)).toBe(0);
  release();
  await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en')));
  await page.reload();
  await page.locator(`#root ${FIGURE}`).waitFor();

  // Sign out from the profile, reached through home's greeting.
  await page.getByRole('navigation').getByRole('button', { name: 'Home' }).click();
  await page.getByText(/^Hello, /).click();
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
  expect(await storedKeys(page)).not.toContain(`lastScreen:${ASSETS}`);

  await page.goto(`${e2e.app.home}#${ASSETS}`);
  release = await reloadWithoutModules(page);
  await page.locator('#root > .boot').waitFor();
  expect(await page.locator('#last-screen').isHidden()).toBe(true);
  expect(await page.locator(FIGURE).count()).toBe(0);
  release();
  expect(problems).toEqual([]);
  await context.close();
});
