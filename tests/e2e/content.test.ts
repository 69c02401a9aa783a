import { expect, test } from 'vitest';
import { PHONE, screenshotOnFailure, startInEnglish } from './support/browser';
import { appInBrowser } from './support/session';
import { smallTargets } from './support/touch';

const e2e = appInBrowser();

interface Notice {
  id: number;
  title: string;
}

/*
 * Home's content in the demo: the seeded popup notice shows once on this device (not after a
 * reload), the banners show, and the news line leads to the news list and an article rendered
 * from sanitised rich text. Locale fallback, publishing, editing and sanitising on save are
 * tested through the server (server/src/products/content/content.test.ts).
 */
test('the popup notice shows once on home and not after a reload; a news article opens and renders', async () => {
  const notice = await e2e.api<Notice>('/news/index_pop', { query: 'lang=en' });
  expect(notice.title).toBe('Welcome to the demo');

  const context = await e2e.browser.newContext(PHONE);
  await startInEnglish(context, { showNotices: true });
  const page = await context.newPage();
  screenshotOnFailure(page, 'content');
  await page.goto(`${e2e.app.home}#/`);

  const popup = page.getByTestId('popup-notice');
  await popup.waitFor({ timeout: 30_000 });
  await expect(popup.getByRole('heading').textContent()).resolves.toBe('Welcome to the demo');
  await page.getByTestId('home-banners').waitFor();
  await expect.poll(() => page.getByTestId('home-banners').getByRole('button').count()).toBeGreaterThanOrEqual(2);
  expect(await smallTargets(page)).toEqual([]);
  await popup.getByRole('button', { name: 'Got it' }).click();
  await popup.waitFor({ state: 'detached' });

  // After a reload the notice has been seen: home asks for it again but does not show it.
  const asked = page.waitForResponse((r) => r.url().includes('/api/news/index_pop'), { timeout: 30_000 });
  await page.reload();
  await (await asked).finished();
  await page.getByTestId('home-banners').waitFor({ timeout: 30_000 });
  // Let React apply the reply (two frames after it arrived) before looking.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  expect(await popup.count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('content:popupSeen'))).toBe(JSON.stringify([notice.id]));

  // The news line opens the news list, which opens an article.
  await expect
    .poll(() => page.getByTestId('home-news').textContent(), { timeout: 10_000 })
    .toMatch(/How this demo works/);
  await page.getByTestId('home-news').click();
  const list = page.getByTestId('news-list');
  await list.waitFor({ timeout: 30_000 });
  expect(await smallTargets(page)).toEqual([]);
  await list.getByRole('button', { name: /Five habits that keep your account safe/ }).click();
  const article = page.getByTestId('article');
  await article.waitFor({ timeout: 30_000 });
  await expect(article.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
    'Five habits that keep your account safe',
  );
  const body = page.getByTestId('article-body');
  await expect(body.locator('ol > li').count()).resolves.toBe(5);
  await expect(body.locator('script, [onclick], [onerror], iframe, style').count()).resolves.toBe(0);
  await context.close();
});
