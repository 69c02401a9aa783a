import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import * as follow from '../../contract/copytrade';
import * as lever from '../../contract/futures';
import { buildIfNeeded, distDir } from '../../scripts/build.mjs';
import { deposit } from '../../server/src/testing/ledger';
import { adminUser, call, ok } from '../../server/src/testing/fund';
import { pushFeed, tick } from '../../server/src/testing/trade';
import { callWithKey, okOf } from '../../server/src/testing/wallet';
import { registerUser } from '../../server/src/testing/accounts';
import { createTestApp, type TestApp } from '../../server/src/testing/app';
import { openPgliteFromTemplate } from '../../server/src/testing/template';
import { PHONE, launch, screenshotOnFailure } from './support/browser';
import { smallTargets } from './support/touch';
import { signInBrowser } from './wallet-setup';

/*
 * The real server serving the built PWA, with the market fed by the test (a pushed BTC price), so
 * the trader's open and its copy happen at a price the test knows.
 */
let t: TestApp;
let close: () => Promise<void>;
let home = '';
let browser: Browser;
const feed = pushFeed();

beforeAll(async () => {
  await buildIfNeeded();
  const database = await openPgliteFromTemplate();
  await database.migrate();
  t = await createTestApp(database, { distDir, config: { mode: 'demo' }, market: { manual: true, feed } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  home = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/h5/`;
  close = async () => {
    await t.close();
    await database.close();
  };
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await close?.();
});

const USDT = 3;
const BTC = { currency_id: 1, legal_id: 3 };

/** A user with `usdt` in the futures (lever) account, where copies take their margin from. */
async function futuresUser(usdt: string) {
  const u = await registerUser(t);
  await deposit(t.app.ctx.db, u.user.id, USDT, usdt, 'lever');
  return u;
}

/** A user who applied to become a trader and whom an administrator approved. */
async function approvedTrader() {
  const trader = await futuresUser('5000');
  const admin = await adminUser(t);
  const application = await ok<follow.Application>(
    call(t, follow.followApply, { introduction: 'BTC trend trades, 10x at most.' }, { token: trader.token }),
  );
  await ok(
    call(t, follow.adminFollowReview, { id: application.id, action: 'approve', reason: '' }, { token: admin.token }),
  );
  return trader;
}

test('a follower follows a trader on the screens and sees the copy of the trader’s futures open', async () => {
  await tick(t, feed, 'BTC/USDT', '20000');
  const trader = await approvedTrader();
  const follower = await futuresUser('1000');

  const context = await browser.newContext(PHONE);
  await signInBrowser(context, follower);
  const page = await context.newPage();
  screenshotOnFailure(page, 'copytrade-follow');

  // The list shows the approved trader with the hourly statistics; the detail leads to the form.
  await page.goto(`${home}#/pages/follow/index`);
  const card = page.locator(`[data-testid="trader"][data-id="${trader.user.id}"]`);
  await card.waitFor({ timeout: 20_000 });
  await page.getByTestId('stats-as-of').first().waitFor();
  await card.getByRole('button').first().click();
  await page.getByTestId('trader-detail').waitFor();
  await page.getByTestId('follow-button').click();

  // Fixed multiple 1.5: the example works the rule out before anything is sent (3 x 1.5 = 4.5 -> 4 lots).
  await page.getByRole('textbox', { name: 'Multiple', exact: true }).fill('1.5');
  await expect
    .poll(() => page.getByTestId('size-example').textContent())
    .toMatch(/opens 3 lots → 3 × 1\.5 = 4\.5 lots → .*you open 4 lots/);
  await page.getByRole('textbox', { name: 'Amount cap' }).fill('500');
  await page.getByTestId('risk-statement').waitFor();
  expect(await smallTargets(page)).toEqual([]);

  // The agreement must be accepted before the first follow.
  await page.getByTestId('follow-submit').click();
  await page.getByRole('alert').getByText('Please read and accept the copy trading agreement first').waitFor();
  await page.getByText('I have read and accept the copy trading agreement').click();
  await page.getByTestId('follow-submit').click();
  const confirm = page.getByRole('dialog', { name: 'Confirm follow' });
  await confirm.waitFor();
  await expect(confirm.getByTestId('confirm-number').textContent()).resolves.toBe('×1.5');
  await expect(confirm.getByTestId('confirm-example').textContent()).resolves.toBe('You open 4 lots');
  // The fees are the published futures rates, read from the server, not written into the screen.
  await expect(confirm.getByTestId('confirm-fee').textContent()).resolves.toBe('0.05% at open and at close');
  await expect(confirm.getByTestId('confirm-overnight').textContent()).resolves.toBe('0.03% a day');
  await expect(confirm.getByTestId('confirm-share').textContent()).resolves.toBe('None');
  await confirm.getByRole('button', { name: 'Confirm' }).click();

  // My follows: the new follow with its settings.
  await page.getByText('Follow saved').waitFor();
  const row = page.getByTestId('follows-current').getByTestId('follow');
  await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
  await expect(row.getAttribute('data-state')).resolves.toBe('following');
  await row.getByText('Fixed multiple ×1.50').waitFor();

  // Open copies: the trader opens 2 lots long through the API; the copy (3 lots) appears at the trader's price.
  await page.getByRole('tab', { name: 'Open copies' }).click();
  await page.getByText('No open copies.').waitFor();
  const opened = okOf(
    lever.leverSubmit,
    (
      await callWithKey(
        t,
        lever.leverSubmit,
        { lang: 'en', ...BTC, share: 2, multiple: 10, type: 1, status: 1 },
        { token: trader.token, key: randomUUID() },
      )
    ).body,
  );
  await t.app.products.futures.idle();
  await t.app.products.copytrade.idle();
  // Opening the tab again loads its first page, as a pull to refresh does.
  await page.getByRole('tab', { name: 'Following' }).click();
  await page.getByRole('tab', { name: 'Open copies' }).click();
  const copy = page.getByTestId('copies-current').getByTestId('copy');
  await expect.poll(() => copy.count(), { timeout: 20_000 }).toBe(1);
  await expect(copy.getAttribute('data-state')).resolves.toBe('open');
  await expect(copy.getByTestId('copy-lots').textContent()).resolves.toBe('2 / 3');
  await expect(copy.getByTestId('copy-price').textContent()).resolves.toBe(
    Number(opened.price).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );

  // Offline the copies still read from the store, with their time.
  await context.setOffline(true);
  await page.getByRole('tab', { name: 'Following' }).click();
  await page.getByRole('tab', { name: 'Open copies' }).click();
  await page.getByTestId('as-of').waitFor();
  await expect(copy.count()).resolves.toBe(1);
  await context.setOffline(false);

  // Converting to self-holding asks first and says it is final; then the copy moves to history.
  await copy.getByRole('button', { name: 'Convert to self-holding' }).click();
  await page
    .getByTestId('self-hold-dialog')
    .getByText(/This cannot be undone/)
    .waitFor();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Convert', exact: true }).click();
  await page.getByText('Converted to self-holding').waitFor();
  await expect.poll(() => copy.count(), { timeout: 10_000 }).toBe(0);
  await page.getByRole('tab', { name: 'Copy history' }).click();
  const past = page.getByTestId('copies-history').getByTestId('copy');
  await expect.poll(() => past.count(), { timeout: 10_000 }).toBe(1);
  await expect(past.getAttribute('data-state')).resolves.toBe('self_holding');
  await context.close();
});

test('cancelling a follow says no new copies will open, naming open copies only when there are some, and a skipped copy shows its reason', async () => {
  await tick(t, feed, 'BTC/USDT', '20000');
  const trader = await approvedTrader();
  // 2 USDT cannot pay the margin of even one lot: the copy is skipped and recorded.
  const follower = await futuresUser('2');
  await ok(
    call(t, follow.followFollow, { trader_user_id: trader.user.id, type: 2, number: '1' }, { token: follower.token }),
  );
  await callWithKey(
    t,
    lever.leverSubmit,
    { lang: 'en', ...BTC, share: 1, multiple: 10, type: 1, status: 1 },
    { token: trader.token, key: randomUUID() },
  );
  await t.app.products.futures.idle();
  await t.app.products.copytrade.idle();

  const context = await browser.newContext(PHONE);
  await signInBrowser(context, follower);
  const page = await context.newPage();
  screenshotOnFailure(page, 'copytrade-cancel');
  await page.goto(`${home}#/pages/copytrade/my?tab=copies_history`);
  const skipped = page.getByTestId('copies-history').getByTestId('copy');
  await expect.poll(() => skipped.count(), { timeout: 20_000 }).toBe(1);
  await expect(skipped.getAttribute('data-state')).resolves.toBe('skipped');
  await expect(skipped.getByTestId('skip-reason').textContent()).resolves.toBe(
    'Skipped: Your futures balance did not cover margin and fee',
  );

  await page.getByRole('tab', { name: 'Following' }).click();
  const row = page.getByTestId('follows-current').getByTestId('follow');
  await row.waitFor();
  await row.getByRole('button', { name: 'Cancel follow' }).click();
  const dialog = page.getByTestId('cancel-follow-dialog');
  await dialog.getByText(/No new copies will open from/).waitFor();
  // The only copy was skipped: none is open, so the dialog says nothing of open copies.
  await expect(dialog.getByText(/Copies already open/).count()).resolves.toBe(0);
  await page.locator('.adm-dialog').getByRole('button', { name: 'Stop following' }).click();
  await page.getByText('Follow cancelled').waitFor();
  await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
  await page.getByRole('tab', { name: 'Past follows' }).click();
  const past = page.getByTestId('follows-history').getByTestId('follow');
  await expect.poll(() => past.count(), { timeout: 10_000 }).toBe(1);
  await expect(past.getAttribute('data-state')).resolves.toBe('cancelled');
  await context.close();
});
