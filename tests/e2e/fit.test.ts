import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCALES, type Locale } from '../../contract/domain/locales';
import { PHONE, screenshotOnFailure, skipDemoNotices } from './support/browser';
import { closedFuturesPosition } from './support/futures';
import { appInBrowser, type Session } from './support/session';

/**
 * Screens whose texts ran off a 390 px phone in long languages: every account filter of the
 * record page is on screen, and a long page title shows whole on two lines instead of "…".
 */
const env = appInBrowser();
const SHOTS = process.env.FIT_SCREENSHOTS;

async function openIn(session: Session, locale: Locale, path: string): Promise<Page> {
  const context = await env.browser.newContext(PHONE);
  await skipDemoNotices(context);
  await context.addInitScript(
    ([token, user, lang]) => {
      localStorage.setItem('h5Version', '1');
      localStorage.setItem('lang', JSON.stringify(lang));
      localStorage.setItem('token', JSON.stringify(token));
      localStorage.setItem('user', JSON.stringify(user));
    },
    [session.token, session.user, locale] as const,
  );
  const page = await context.newPage();
  screenshotOnFailure(page, `fit-${locale}-${path.split('/').pop()?.split('?')[0] ?? ''}`);
  await page.goto(`${env.app.home}#${path}`);
  return page;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

test('the record page shows every account filter within 390 px in all 8 languages', async () => {
  const session = await env.signUp('fit-record');
  for (const locale of LOCALES) {
    const page = await openIn(session, locale, '/pages/fund/assets_record');
    const chips = page.locator('.adm-selector-item');
    await chips.nth(4).waitFor();
    await expect(chips.count()).resolves.toBe(5);
    for (let i = 0; i < 5; i += 1) {
      const box = await chips.nth(i).boundingBox();
      expect(box, `${locale} filter ${i}`).not.toBeNull();
      expect(box!.x, `${locale} filter ${i}`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${locale} filter ${i}`).toBeLessThanOrEqual(PHONE.viewport!.width);
    }
    // Tapping the last account filters by it, and it stays in view.
    await chips.nth(4).click();
    await expect.poll(() => chips.nth(4).getAttribute('class')).toContain('adm-selector-item-active');
    await shoot(page, `record-${locale}`);
    await page.context().close();
  }
});

test('a long page title shows whole at 390 px in all 8 languages', async () => {
  const session = await env.signUp('fit-title');
  for (const locale of LOCALES) {
    const page = await openIn(session, locale, '/pages/transaction/seconds_order?symbol=BTC%2FUSDT');
    const title = page.locator('header h1');
    await title.waitFor();
    await expect.poll(() => title.textContent()).toContain('BTC/USDT');
    const clipped = await title.evaluate((h) => h.scrollWidth > h.clientWidth || h.scrollHeight > h.clientHeight + 1);
    expect(clipped, `${locale}: ${await title.textContent()}`).toBe(false);
    const box = await title.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.viewport!.width);
    await shoot(page, `title-${locale}`);
    await page.context().close();
  }
});

test('an opened blind box links its settlement record, and the record fits 390 px in all 8 languages', async () => {
  const session = await env.signUp('fit-box');
  await env.fund(session, '3', '100', 'change');
  const boxes = await env.api<{ data: { id: number; status: string | null; buy_status: number | null }[] }>(
    '/bind_box/getBoxList',
    { query: 'type=blind_box&limit=100' },
  );
  const box = boxes.data.find((b) => b.status === 'started' && b.buy_status === 0);
  expect(box).toBeDefined();
  await env.api('/bind_box/buyNFT', { body: { id: String(box!.id) }, token: session.token });
  await env.api('/bind_box/openBlindBox', { body: { id: String(box!.id) }, token: session.token });
  const width = PHONE.viewport!.width;
  for (const locale of LOCALES) {
    const page = await openIn(session, locale, `/pages/nft/artworkDetail?id=${box!.id}`);
    const link = page.getByTestId('nft-proof').getByTestId('verify-settlement');
    await link.waitFor({ timeout: 20_000 });
    const box1 = await link.boundingBox();
    expect(box1!.x + box1!.width, `${locale}: ${await link.textContent()}`).toBeLessThanOrEqual(width);
    await link.click();
    const recheck = page.getByTestId('record-recheck');
    await recheck.waitFor({ timeout: 20_000 });
    await expect(recheck.getAttribute('data-ok')).resolves.toBe('true');
    // Nothing on the record runs off the screen: long words wrap, hashes break anywhere.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow, locale).toBeLessThanOrEqual(width);
    await shoot(page, `record-box-${locale}`);
    await page.context().close();
  }
});

test('the settlement record’s feed ticks and a futures close fit 390 px in all 8 languages', async () => {
  const { session, id } = await closedFuturesPosition(env, 'fit-ticks');
  const width = PHONE.viewport!.width;
  for (const locale of LOCALES) {
    const page = await openIn(session, locale, `/pages/proof/record?ref=futures:${id}`);
    const recheck = page.getByTestId('record-recheck');
    await recheck.waitFor({ timeout: 20_000 });
    await expect(recheck.getAttribute('data-ok')).resolves.toBe('true');
    await page.getByTestId('tick-link-tick_at').click();
    await page.getByTestId('settlement-tick').first().waitFor({ timeout: 20_000 });
    // The tabs, the filters and each tick stay on screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow, locale).toBeLessThanOrEqual(width);
    for (const el of await page.locator('[data-testid="tick-all-times"], .adm-tabs-tab').all()) {
      const box = await el.boundingBox();
      expect(box!.x + box!.width, `${locale}: ${await el.textContent()}`).toBeLessThanOrEqual(width);
    }
    await shoot(page, `record-ticks-${locale}`);
    await page.context().close();
  }
});
