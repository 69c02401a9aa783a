import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { userInfo, type User } from '../../contract/auth';
import * as otc from '../../contract/otc';
import { walletDetail } from '../../contract/wallet';
import * as fund from '../../contract/fund';
import { MINUTE } from '../../server/src/testing/clock';
import { call, CARD, ok } from '../../server/src/testing/fund';
import { merchant, publish, taker } from '../../server/src/testing/otc';
import { PHONE, launch, screenshotOnFailure } from './support/browser';
import { signInBrowser, startWalletServer, type Session, type WalletServer } from './wallet-setup';

let server: WalletServer;
let browser: Browser;

beforeAll(async () => {
  server = await startWalletServer();
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// A 1x1 PNG: the buyer's payment proof.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The account as the app stores it after signing in (the level set by the test included). */
async function session(u: { email: string; token: string }): Promise<Session> {
  const user = await ok<User>(server.t.call(userInfo, {}, { token: u.token }));
  return { email: u.email, token: u.token, user };
}

async function open(s: Session, name: string, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  await signInBrowser(context, s);
  const page = await context.newPage();
  screenshotOnFailure(page, name);
  await page.goto(`${server.home}#${path}`);
  return { context, page };
}

const legal = async (token: string) =>
  ok<{ available: string; held: string }>(call(server.t, walletDetail, { currency: 3, type: 'legal' }, { token }));

/** Opens an order of `quantity` USDT on the merchant's ad from the market, through the sheet and its confirmation. */
async function openOrder(page: Page, adId: number, quantity: string, fiat: string, sheetName = 'Buy USDT') {
  const card = page.getByTestId(`otc-ad-${adId}`);
  await card.waitFor({ timeout: 20_000 });
  await card.getByTestId('otc-trade').click();
  const sheet = page.getByRole('dialog', { name: sheetName });
  await sheet.getByTestId('otc-quantity').fill(quantity);
  await expect.poll(() => sheet.getByTestId('otc-fiat-amount').textContent()).toContain(fiat);
  await sheet.getByTestId('otc-next').click();
  const confirm = page.getByRole('dialog', { name: 'Confirm order' });
  await expect(confirm.getByTestId('confirm-fiat').textContent()).resolves.toBe(fiat);
  await confirm.getByTestId('otc-confirm-open').click();
  await page.getByTestId('otc-order').waitFor({ timeout: 20_000 });
  return Number(new URL(page.url().replace('#', '')).searchParams.get('id'));
}

const status = (page: Page) => page.getByTestId('otc-order-status');

test('buy USDT from a merchant: open, mark paid with a proof, the merchant releases, the coins arrive; then a cancel', async () => {
  const seller = await merchant(server.t, server.adminToken);
  const ad = await publish(server.t, seller.token);
  const buyer = await session(await taker(server.t, 1));
  const sellerBefore = await legal(seller.token);

  const { context: buyerContext, page } = await open(buyer, 'otc-buyer', '/pages/otc/otc');
  // The buyer's level-1 limit and the merchant's figures from real orders (none yet).
  await expect.poll(() => page.getByTestId('otc-limit').textContent(), { timeout: 20_000 }).toContain('2,000.00 USDT');
  await expect(
    page.getByTestId(`otc-ad-${ad.id}`).getByTestId('merchant-figures').textContent({ timeout: 20_000 }),
  ).resolves.toBe('0 orders');

  const id = await openOrder(page, ad.id, '100', '720.00 CNY');
  await expect(status(page).textContent()).resolves.toBe('Awaiting payment');
  await expect(page.getByTestId('otc-countdown').textContent()).resolves.toMatch(/^\d\d:\d\d$/);
  await expect(page.getByTestId('otc-pay-to').textContent()).resolves.toContain('4000123412344321');
  // The seller's coins are in escrow.
  expect(await legal(seller.token)).toMatchObject({ held: '100' });

  await page.getByTestId('otc-chat-input').fill('Paid by bank transfer');
  await page.getByTestId('otc-chat-send').click();
  await page.getByTestId('otc-chat').getByText('Paid by bank transfer').waitFor();

  await page.getByTestId('otc-action-paid').click();
  const paid = page.getByRole('dialog', { name: 'Mark as paid' });
  await paid
    .getByLabel('Payment proof (optional)')
    .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  await paid.getByText('Uploaded').waitFor({ timeout: 20_000 });
  await paid.getByTestId('otc-confirm-paid').click();
  await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toBe('Paid, awaiting release');

  // The merchant finds the order among theirs, sees the chat and the proof, and releases.
  const { context: sellerContext, page: sellerPage } = await open(
    await session(seller),
    'otc-seller',
    '/pages/otc/otc?view=orders',
  );
  await sellerPage.getByTestId(`otc-order-${id}`).click({ timeout: 20_000 });
  await expect.poll(() => status(sellerPage).textContent(), { timeout: 20_000 }).toBe('Paid, awaiting release');
  await sellerPage.getByTestId('otc-chat').getByText('Paid by bank transfer').waitFor({ timeout: 20_000 });
  await sellerPage.getByRole('img', { name: 'Payment proof' }).waitFor({ timeout: 20_000 });
  await sellerPage.getByTestId('otc-action-release').click();
  await sellerPage.getByRole('dialog', { name: 'Release coins' }).getByTestId('otc-confirm-release').click();
  await expect.poll(() => status(sellerPage).textContent(), { timeout: 20_000 }).toBe('Completed');
  await sellerContext.close();

  // The buyer's assets show the coins in the legal account.
  await page.goto(`${server.home}#/pages/fund/assets`);
  await expect.poll(() => page.getByTestId('holding-USDT').textContent(), { timeout: 20_000 }).toContain('10,100.00');
  expect(await legal(seller.token)).toMatchObject({ held: '0' });
  expect(Number((await legal(seller.token)).available)).toBe(Number(sellerBefore.available) - 100);

  // A second order, cancelled while unpaid: the quantity goes back to the ad, the escrow is released.
  await page.goto(`${server.home}#/pages/otc/otc`);
  await openOrder(page, ad.id, '20', '144.00 CNY');
  expect(await legal(seller.token)).toMatchObject({ held: '20' });
  await page.getByTestId('otc-action-cancel').click();
  await page.getByRole('dialog', { name: 'Cancel order' }).getByTestId('otc-confirm-cancel').click();
  await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toBe('Cancelled');
  expect(await legal(seller.token)).toMatchObject({ held: '0' });
  expect((await ok<otc.Ad>(call(server.t, otc.otcAd, { id: ad.id }))).remaining).toBe('900');
  // The market shows the merchant's completed order.
  await page.goto(`${server.home}#/pages/otc/otc`);
  await expect
    .poll(() => page.getByTestId(`otc-ad-${ad.id}`).getByTestId('merchant-figures').textContent(), { timeout: 20_000 })
    .toMatch(/^1 order · \d+\.\d\d% completed · releases in ~\d+ min$/);
  await buyerContext.close();
});

test('sell USDT to a buy ad: the merchant marks paid, the seller appeals, staff refund it; an unpaid order expires', async () => {
  const buyer = await merchant(server.t, server.adminToken);
  const ad = await publish(server.t, buyer.token, { side: 'buy', methods: 'bank' });
  const seller = await taker(server.t, 1);
  await ok(call(server.t, fund.cashSave, CARD, { token: seller.token }));
  const before = await legal(seller.token);

  const { context, page } = await open(await session(seller), 'otc-sell', '/pages/otc/otc');
  await page.getByRole('tab', { name: 'Sell' }).click();
  const id = await openOrder(page, ad.id, '50', '360.00 CNY', 'Sell USDT');
  // The seller's own coins go into escrow.
  expect(await legal(seller.token)).toMatchObject({ held: '50' });

  // The merchant says it paid; the seller's bank shows nothing, so the seller appeals.
  await ok(call(server.t, otc.otcOrderPaid, { id }, { token: buyer.token }));
  await page.reload();
  await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toBe('Paid, awaiting release');
  await page.getByTestId('otc-action-appeal').click();
  const appeal = page.getByRole('dialog', { name: 'Appeal' });
  await appeal.locator('#otc-appeal-text').fill('Nothing arrived in my bank account');
  await appeal.getByTestId('otc-confirm-appeal').click();
  await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toBe('Under appeal');

  // Staff refund it (the console's own screen is driven in console-otc-loans.test.ts): the coins come back.
  await ok(
    call(
      server.t,
      otc.adminOtcDecide,
      { id, decision: 'refund', reason: 'No payment arrived' },
      { token: server.adminToken },
    ),
  );
  await page.reload();
  await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toBe('Cancelled');
  await page.getByText('Refunded to the seller after the appeal').waitFor();
  expect(await legal(seller.token)).toEqual(before);

  // An order on the merchant's sell ad left unpaid: when its window ends, the minute job cancels it.
  const sellAd = await publish(server.t, buyer.token);
  const late = await ok<otc.OtcOrder>(
    call(server.t, otc.otcOrderOpen, { ad_id: sellAd.id, quantity: '20', method: 'bank' }, { token: seller.token }),
  );
  await page.goto(`${server.home}#/pages/otc/order?id=${late.id}`);
  await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toBe('Awaiting payment');
  server.t.clock.advance(16 * MINUTE);
  await server.t.app.ctx.scheduler.runDue();
  await page.reload();
  await expect.poll(() => status(page).textContent(), { timeout: 20_000 }).toBe('Cancelled');
  await page.getByText('Not paid in time').waitFor();
  expect(await legal(buyer.token)).toMatchObject({ held: '0' });
  await context.close();
});
