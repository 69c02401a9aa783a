import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, screenshotOnFailure } from './support/browser';
import { appInBrowser } from './support/session';

const e2e = appInBrowser();

/**
 * How the welcome card's title and line are drawn (text boxes, not element boxes). Not where
 * vertically: the demo notice above takes two lines in some languages once the app draws it.
 */
const welcomeText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('h2, h2 + p')].slice(0, 2).map((e) => {
      const range = document.createRange();
      range.selectNodeContents(e);
      const { x, width, height } = range.getBoundingClientRect();
      return { text: e.textContent, x, width, height };
    }),
  );

async function openWith(storage: Record<string, unknown>) {
  const context = await e2e.browser.newContext(PHONE);
  const page = await context.newPage();
  screenshotOnFailure(page, 'first-paint');
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript((values) => {
    // The storage layout of this version, so the app keeps what is stored (src/lib/state/storage.ts).
    localStorage.setItem('h5Version', '1');
    for (const [k, v] of Object.entries(values)) localStorage.setItem(k, JSON.stringify(v));
  }, storage);
  // The frame alone: no module of the app runs.
  await page.route('**/h5/assets/*.js', (route) => route.abort());
  await page.goto(e2e.app.home);
  return { context, page, violations };
}

test("the frame paints a visitor's welcome in the stored language, as home then draws it", async () => {
  const { context, page, violations } = await openWith({ lang: 'th' });
  const frame = await welcomeText(page);
  expect(frame.map((t) => t.text)).toEqual(['ยินดีต้อนรับสู่ H5 Exchange', 'เข้าสู่ระบบเพื่อเทรด รับผลตอบแทน และจัดการสินทรัพย์ของคุณ']);
  expect(violations).toEqual([]);

  await page.unroute('**/h5/assets/*.js');
  await page.reload();
  await page.locator('[class*="welcomeTitle"]').waitFor();
  // Same text and size: home's largest element is painted by the frame, not later.
  expect(await welcomeText(page)).toEqual(frame);
  expect(violations).toEqual([]);
  await context.close();
});

test('the frame leaves the card empty for a signed-in user, whose card shows their name', async () => {
  const { context, page, violations } = await openWith({ lang: 'en', token: 'a-session-token' });
  await page.locator('#boot-welcome').waitFor();
  expect(await page.locator('#boot-welcome').innerText()).toBe('');
  expect(violations).toEqual([]);
  await context.close();
});

test("a tab opened by its address starts its scripts, styles and the stored language's catalog before any module runs", async () => {
  const { context, page, violations } = await openWith({ lang: 'fra' });
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  // A new document at the tab's address (a hash change alone loads none).
  await page.goto(`${e2e.app.home}#/pages/transaction/index`);
  await page.reload();
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[data-app-styles]')].map(
      (l) => new URL(l.href).pathname,
    ),
  );
  const data = JSON.parse((await page.locator('#boot-preload').textContent()) ?? '{}') as {
    tabs: Record<string, { scripts: string[]; styles: string[]; catalogs: Record<string, string[]> }>;
  };
  const trade = data.tabs['/pages/transaction/index']!;
  for (const file of [...trade.scripts, ...trade.styles, ...trade.catalogs.fra!]) {
    expect(preloaded).toContain(`/h5/${file}`);
    expect(requested).toContain(`/h5/${file}`);
  }
  expect(violations).toEqual([]);

  // Home preloads no tab's scripts; the app then draws the trade tab with its own texts.
  await page.unroute('**/h5/assets/*.js');
  await page.reload();
  await page.locator('[data-testid="seconds-entry"]').waitFor();
  expect(violations).toEqual([]);
  await page.goto(`${e2e.app.home}#/`);
  await page.reload();
  expect(
    await page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"][href*="tab-transaction"]').length),
  ).toBe(0);
  await context.close();
});
