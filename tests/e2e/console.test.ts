import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { listRecharges } from '../../contract/admin';
import { PASSWORD, registerUser } from '../../server/src/testing/accounts';
import { createAdmin } from '../../server/src/admin/create';
import { call, ok } from '../../server/src/testing/fund';
import { PHONE, launch, screenshotOnFailure, startInEnglish } from './support/browser';
import { newUser, signInBrowser, startWalletServer, type WalletServer } from './wallet-setup';

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

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: true });

/** Ids of the recharges waiting for review, as the back office lists them. */
async function waitingRecharges(): Promise<number[]> {
  const queue = await ok<{ data: { id: number }[] }>(
    call(server.t, listRecharges, { limit: 100 }, { token: server.adminToken }),
  );
  return queue.data.map((r) => r.id);
}

/** A staff account of `role` with the tests' password, and its email. */
async function staff(role: 'admin' | 'support') {
  const u = await registerUser(server.t);
  await createAdmin(server.t.app.ctx.db, u.email, server.t.clock.now(), role);
  return u;
}

/** Opens `#/admin/<section>` signed out, signs in on the login page, and lands back in the console. */
async function signInToConsole(page: Page, email: string, section: string) {
  await page.goto(`${server.home}#/admin/${section}`);
  await page.waitForURL(/#\/pages\/common\/login/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await button(page, 'Log in').click();
  await page.waitForURL(new RegExp(`#/admin/${section}$`));
  await page.getByTestId('staff-name').waitFor();
}

test('a recharge with a voucher is approved in the console and credits the user', async () => {
  // The user submits a recharge with a voucher in the app.
  const user = await newUser(server);
  const userContext = await browser.newContext(PHONE);
  await signInBrowser(userContext, user);
  const userPage = await userContext.newPage();
  screenshotOnFailure(userPage, 'console-user');
  await userPage.goto(`${server.home}#/pages/fund/receive`);
  await userPage.getByTestId('deposit-address').waitFor();
  const before = await waitingRecharges();
  await userPage.getByRole('textbox', { name: 'Recharge amount' }).fill('100');
  await userPage
    .getByLabel('Payment voucher')
    .setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: PNG });
  await button(userPage, 'Submit recharge').click();
  await expect.poll(async () => (await waitingRecharges()).length, { timeout: 15_000 }).toBe(before.length + 1);
  const id = (await waitingRecharges()).find((r) => !before.includes(r))!;

  // An administrator signs in to the console on a desktop-size page and opens the queue.
  const boss = await staff('admin');
  const adminContext = await browser.newContext(DESKTOP);
  await startInEnglish(adminContext);
  const page = await adminContext.newPage();
  screenshotOnFailure(page, 'console-admin');
  await signInToConsole(page, boss.email, 'recharges');
  await expect(page.getByTestId('staff-role').textContent()).resolves.toBe('Administrator');
  await page.getByRole('link', { name: 'Withdrawals' }).waitFor();
  const row = page.getByRole('row').filter({ hasText: user.user.account_number });
  await row.click();
  const detail = page.getByRole('region', { name: `Request #${id}` });
  const voucher = detail.getByRole('img', { name: `Payment voucher of request #${id}` });
  await voucher.waitFor();
  await expect.poll(() => voucher.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // Approval asks for the amount to be typed before it credits anything.
  await detail.getByRole('button', { name: 'Approve', exact: true }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Approve and credit' });
  await expect(confirm.isDisabled()).resolves.toBe(true);
  await dialog.getByRole('textbox', { name: /to confirm/ }).fill('100 USDT');
  await expect(confirm.isEnabled()).resolves.toBe(true);
  await confirm.click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(async () => (await waitingRecharges()).includes(id)).toBe(false);
  await page.getByText('No requests are waiting for review.').waitFor();

  // The user's balance shows the credit (demo funds 10,000 + 100 in the fiat account).
  await userPage.goto(`${server.home}#/pages/fund/assets`);
  await expect
    .poll(() => userPage.getByTestId('holding-USDT').textContent(), { timeout: 15_000 })
    .toContain('10,100.00');

  // The audit log shows the decision with the record before and after.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await page
    .getByRole('row')
    .filter({ hasText: `recharge #${id}` })
    .click();
  await page.locator('[data-changed="true"]').filter({ hasText: 'status' }).waitFor();
  await userContext.close();
  await adminContext.close();
});

test('support sees reviews, users and the audit log but no money sections; a user sees no access', async () => {
  const helper = await staff('support');
  const context = await browser.newContext(DESKTOP);
  await startInEnglish(context);
  const page = await context.newPage();
  screenshotOnFailure(page, 'console-support');
  await signInToConsole(page, helper.email, 'identity');
  await expect(page.getByTestId('staff-role').textContent()).resolves.toBe('Support');
  const menu = page.getByRole('navigation', { name: 'Console sections' });
  for (const name of ['Identity', 'Trader applications', 'Users', 'Audit log'])
    await menu.getByRole('link', { name }).waitFor();
  for (const name of ['Recharges', 'Withdrawals', 'Ledger health']) {
    await expect(menu.getByRole('link', { name }).count()).resolves.toBe(0);
  }
  // A money section's address opened directly is not offered either.
  await page.goto(`${server.home}#/admin/recharges`);
  await page.getByText('This section does not exist or is not available to your role.').waitFor();
  await context.close();

  const userContext = await browser.newContext(PHONE);
  await signInBrowser(userContext, await newUser(server));
  const userPage = await userContext.newPage();
  screenshotOnFailure(userPage, 'console-user-denied');
  await userPage.goto(`${server.home}#/admin`);
  await userPage.getByRole('heading', { name: 'No access' }).waitFor();
  await userContext.close();
});
