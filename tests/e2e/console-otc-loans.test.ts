import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import * as loans from '../../contract/loans';
import * as otc from '../../contract/otc';
import { PASSWORD } from '../../server/src/testing/accounts';
import { adminUser, call, ok } from '../../server/src/testing/fund';
import { merchant, publish, taker } from '../../server/src/testing/otc';
import { launch, screenshotOnFailure, startInEnglish } from './support/browser';
import { startWalletServer, type WalletServer } from './wallet-setup';

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

const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** A console page signed in as a new administrator, opened on `section`. */
async function consoleAt(section: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const boss = await adminUser(server.t);
  const context = await browser.newContext(DESKTOP);
  await startInEnglish(context);
  const page = await context.newPage();
  screenshotOnFailure(page, `console-${section}`);
  await page.goto(`${server.home}#/admin/${section}`);
  await page.waitForURL(/#\/pages\/common\/login/);
  await page.getByRole('textbox', { name: 'Email' }).fill(boss.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(new RegExp(`#/admin/${section}$`));
  return { page, close: () => context.close() };
}

test('an OTC appeal above the two-person value waits for a second staff member, then releases', async () => {
  const t = server.t;
  const admin = server.adminToken;
  // Appeals above 50 USDT need two staff members; this order is worth 100.
  await ok(call(t, otc.adminOtcSettingsSave, { level2_limit: '1000000', second_review_above: '50' }, { token: admin }));
  const m = await merchant(t, admin);
  const ad = await publish(t, m.token);
  const u = await taker(t, 1);
  const order = await ok<otc.OtcOrder>(
    call(t, otc.otcOrderOpen, { ad_id: ad.id, quantity: '100', method: 'bank' }, { token: u.token, key: randomUUID() }),
  );
  await ok(call(t, otc.otcOrderPaid, { id: order.id }, { token: u.token, key: randomUUID() }));
  await ok(call(t, otc.otcMessageSend, { id: order.id, text: 'I paid 720 CNY by bank' }, { token: u.token }));
  await ok(
    call(t, otc.otcOrderAppeal, { id: order.id, text: 'Paid but not released' }, { token: u.token, key: randomUUID() }),
  );

  const { page, close } = await consoleAt('otc-appeals');
  await page
    .getByRole('row')
    .filter({ hasText: String(order.id) })
    .first()
    .click();
  const detail = page.getByRole('region', { name: `Appeal of order #${order.id}` });
  await detail.getByText('Paid but not released').waitFor();
  await detail.getByTestId('otc-appeal-chat').getByText('I paid 720 CNY by bank').waitFor();
  await detail.getByRole('button', { name: 'Release to the buyer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The bank statement shows the payment');
  await dialog.getByRole('textbox', { name: /to confirm/ }).fill('100 USDT');
  await dialog.getByRole('button', { name: 'Release', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  // The first decision waits: the list shows one of two.
  await page
    .getByRole('row')
    .filter({ hasText: String(order.id) })
    .getByText('Release proposed: 1 of 2')
    .waitFor();
  const waiting = await ok<otc.OtcOrder>(call(t, otc.otcOrder, { id: order.id }, { token: u.token }));
  expect(waiting).toMatchObject({ status: 'appeal', appeal: { pending: 'release', decision: null } });
  // A second, different staff member agrees: the coins go to the buyer.
  const second = await adminUser(t);
  await ok(
    call(t, otc.adminOtcDecide, { id: order.id, decision: 'release', reason: 'Agreed' }, { token: second.token }),
  );
  const done = await ok<otc.OtcOrder>(call(t, otc.otcOrder, { id: order.id }, { token: u.token }));
  expect(done.status).toBe('completed');
  await close();
});

test('loan terms are edited in the console and published at once', async () => {
  const t = server.t;
  const { page, close } = await consoleAt('loan-terms');
  await page.getByRole('row').filter({ hasText: 'BTC' }).click();
  const form = page.getByRole('region', { name: 'BTC collateral' });
  await form.getByRole('textbox', { name: 'Initial LTV' }).fill('0.6');
  await form.getByRole('textbox', { name: 'Terms in days' }).fill('7, 30');
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect
    .poll(async () => {
      const list = await ok<loans.LoanTerms[]>(call(t, loans.loanTerms, {}));
      const btc = list.find((x) => x.collateral_name === 'BTC');
      return btc && { initial_ltv: btc.initial_ltv, terms: btc.terms };
    })
    .toEqual({ initial_ltv: '0.6', terms: [7, 30] });
  await page.getByRole('row', { name: /^BTC 60% \/ 80% \/ 90%/ }).waitFor();
  await close();
});
