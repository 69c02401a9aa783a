import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { deposit as ledgerDeposit } from '../../server/src/testing/ledger';
import { PHONE, launch, screenshotOnFailure, waitForActiveServiceWorker } from './support/browser';
import {
  approveRecharges,
  confirmStepUp,
  newUser,
  signInBrowser,
  startWalletServer,
  withdrawReadyUser,
  type Session,
  type WalletServer,
} from './wallet-setup';

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

async function open(session: Session, name: string, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  await signInBrowser(context, session);
  const page = await context.newPage();
  screenshotOnFailure(page, name);
  await page.goto(`${server.home}#${path}`);
  return { context, page };
}

const button = (page: Page, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' });

test('a new account sees its demo funds and its products on the assets tab and moves some from legal to change', async () => {
  const session = await newUser(server);
  // 100 USDT in the futures account: the only product this user has used.
  await ledgerDeposit(server.t.app.ctx.db, session.user.id, 3, '100', 'lever');
  const { context, page } = await open(session, 'wallet-transfer', '/pages/fund/assets');
  await page.getByText('Demo funds', { exact: true }).waitFor();
  const legalUsdt = page.getByTestId('holding-USDT');
  await expect(legalUsdt.textContent()).resolves.toContain('10,000.00');

  // Other assets: each product's real holdings, or an invitation to one never used.
  const futures = page.getByTestId('other-futures');
  await expect.poll(() => futures.textContent()).toContain('100.00 USDT');
  await expect(futures.getByTestId('part-balance').textContent()).resolves.toBe('Available100.00 USDT');
  await expect(page.getByTestId('other-lock').textContent()).resolves.toBe('Lock miningNot used yet · Start');
  await expect(page.getByTestId('other-margin').textContent()).resolves.toBe('MarginNot offered on this exchange');
  await page.getByTestId('holdings-priced-at').waitFor();

  // The eye toggle masks every amount.
  await button(page, 'Hide amounts').click();
  await expect(page.getByTestId('total-fiat').textContent()).resolves.toBe('****');
  await button(page, 'Show amounts').click();

  await button(page, 'Transfer').click();
  await page.getByRole('textbox', { name: 'Amount' }).fill('250');
  await button(page, 'Confirm transfer').click();
  await page.getByText('Transfer completed').waitFor();
  await page.getByText('Available: 9750 USDT').waitFor();

  // The move is in the account records, once out of each account.
  await page.goto(`${server.home}#/pages/fund/assets_record`);
  await expect.poll(() => page.getByText('Transfer between accounts · USDT').count()).toBe(2);
  await page.goto(`${server.home}#/pages/fund/assets`);
  await page.getByRole('tab', { name: 'Exchange account' }).click();
  await page.getByTestId('account-change').waitFor();
  await expect(page.getByTestId('holding-USDT').textContent()).resolves.toContain('250.00');

  // Offline, the balances still show, read from Dexie, with the time they are from.
  await waitForActiveServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('as-of').waitFor();
  await expect(page.getByTestId('as-of').textContent()).resolves.toMatch(/^Offline: figures as of /);
  await expect(page.getByTestId('holding-USDT').textContent()).resolves.toContain('9,750.00');
  await expect(page.getByTestId('other-futures').textContent()).resolves.toContain('100.00 USDT');
  await page.goto(`${server.home}#/pages/fund/assets_record`);
  await expect.poll(() => page.getByText('Transfer between accounts · USDT').count()).toBe(2);
  await page.getByTestId('as-of').first().waitFor();
  await context.close();
});

test('a voucher chosen offline is sent by Background Sync, approved, and credited', async () => {
  const { context, page } = await open(await newUser(server), 'wallet-recharge', '/pages/fund/receive');
  await waitForActiveServiceWorker(page);
  await page.getByTestId('deposit-address').waitFor();
  await expect(page.getByText('Network: TRC20').count()).resolves.toBe(1);
  await page.getByTestId('address-qr').waitFor();

  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Recharge amount' }).fill('100');
  await page.getByLabel('Payment voucher').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: PNG });
  await page.getByText(/You are offline/).waitFor();
  await button(page, 'Submit recharge').click();
  const queued = page.getByTestId('queued-recharge');
  await queued.and(page.locator('[data-state="queued"]')).waitFor();

  // Back online: replay through the service worker's sync event, as the browser would.
  await context.setOffline(false);
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
        const live = e.registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      },
    );
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registrations;
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: server.url,
    registrationId,
    tag: 'outbox',
    lastChance: false,
  });
  await queued.and(page.locator('[data-state="sent"]')).waitFor();
  await page.getByText('Sent', { exact: true }).waitFor();

  expect(await approveRecharges(server)).toBe(1);
  // Recharges credit the fiat account, the first tab, where the demo funds are.
  await page.goto(`${server.home}#/pages/fund/assets`);
  await expect.poll(() => page.getByTestId('holding-USDT').textContent(), { timeout: 10_000 }).toContain('10,100.00');
  await context.close();
});

test('a withdrawal over the 24-hour limit is refused with the remaining allowance', async () => {
  const user = await withdrawReadyUser(server, '250');
  const { context, page } = await open(user, 'wallet-withdraw', '/pages/fund/select?next=withdraw');
  await page.getByText('BTC', { exact: true }).click();
  await page.getByText('Cold wallet · BTC').click();
  await page.getByRole('textbox', { name: 'Amount' }).fill('201');
  await expect(page.getByTestId('withdraw-received').textContent()).resolves.toMatch(/^200\.\d+ BTC$/);
  await button(page, 'Withdraw').click();
  const dialog = page.getByRole('dialog', { name: 'Confirm withdrawal' });
  await dialog.getByText('201 BTC').waitFor();
  await dialog.getByRole('textbox', { name: 'Payment password' }).fill(user.payPassword);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await confirmStepUp(server, page, user.email);
  await page.getByText(/Over your 24-hour withdrawal limit; you can still withdraw 200 BTC equivalent/).waitFor();
  await context.close();
});

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
