import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import * as fund from '../../contract/fund';
import * as security from '../../contract/security';
import { DAY, MINUTE } from '../../server/src/testing/clock';
import { call, ok } from '../../server/src/testing/fund';
import { PHONE, launch, screenshotOnFailure } from './support/browser';
import { signInBrowser, startWalletServer, withdrawReadyUser, type WalletServer } from './wallet-setup';

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

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const tokenOf = async (page: Page) =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('token'))) ?? '""') as string;

/** Approves the confirmation sheet with the passkey (the virtual authenticator answers at once). */
async function confirmWithPasskey(page: Page): Promise<void> {
  const sheet = page.getByRole('dialog', { name: 'Confirm it is you' });
  await sheet
    .getByText('Confirm with your passkey: your fingerprint, face or screen lock.')
    .waitFor({ timeout: 20_000 });
  await sheet.getByTestId('step-up-confirm').click();
}

test('add a passkey, rename it, sign out, sign in with it, confirm a withdrawal with it, remove it', async () => {
  const user = await withdrawReadyUser(server, '1');
  // WebAuthn needs a secure context and a domain for the relying party: localhost, not 127.0.0.1.
  const home = server.home.replace('//127.0.0.1:', '//localhost:');
  const context = await browser.newContext(PHONE);
  await signInBrowser(context, user);
  const page = await context.newPage();
  screenshotOnFailure(page, 'passkeys');
  // The platform authenticator of the device: discoverable keys, the user verified.
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto(`${home}#/pages/setting/security`);
  await page.getByTestId('passkey-add').click();
  const naming = page.getByRole('dialog', { name: 'Add a passkey' });
  await naming.getByRole('textbox', { name: 'Passkey name' }).fill('This phone');
  await naming.getByTestId('passkey-create').click();
  const item = page.getByTestId('passkey-item');
  await item.getByText('This phone').waitFor({ timeout: 20_000 });
  await expect(item.textContent()).resolves.toContain('Not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // Renamed in its sheet, which starts from the current name.
  await item.getByRole('button', { name: 'Rename' }).click();
  const renaming = page.getByRole('dialog', { name: 'Rename the passkey' });
  const nameField = renaming.getByRole('textbox', { name: 'Passkey name' });
  await expect(nameField.inputValue()).resolves.toBe('This phone');
  await nameField.fill('My phone');
  await renaming.getByTestId('passkey-rename-save').click();
  await page.getByText('Passkey renamed').waitFor({ timeout: 20_000 });
  await item.getByText('My phone').waitFor({ timeout: 20_000 });

  // Sign out, then in again without typing anything: the device offers its passkey.
  await page.goto(`${home}#/pages/index/index`);
  await page.getByText(/^Hello, /).click();
  await button(page, 'Log out').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await button(page, 'Log in').waitFor({ timeout: 20_000 });
  await expect(tokenOf(page)).resolves.toBe('');
  await button(page, 'Log in').click();
  await page.getByTestId('passkey-login').click();
  await page.getByText(/^Hello, /).waitFor({ timeout: 20_000 });
  const token = await tokenOf(page);
  expect(token).not.toBe('');
  const overview = await ok<security.SecurityOverview>(call(server.t, security.overview, {}, { token }));
  expect(overview).toMatchObject({ strongest: 'passkey', passkeys: [{ name: 'My phone' }] });
  expect(overview.passkeys[0]!.last_used_at).not.toBeNull();

  // Adding the passkey paused withdrawals for a day; a day later the withdrawal asks the passkey.
  server.t.clock.advance(DAY + MINUTE);
  await page.goto(`${home}#/pages/fund/select?next=withdraw`);
  await page.getByText('BTC', { exact: true }).click();
  await page.getByText('Cold wallet · BTC').click();
  await page.getByRole('textbox', { name: 'Amount' }).fill('0.5');
  await button(page, 'Withdraw').click();
  const confirmWithdrawal = page.getByRole('dialog', { name: 'Confirm withdrawal' });
  await confirmWithdrawal.getByRole('textbox', { name: 'Payment password' }).fill(user.payPassword);
  await confirmWithdrawal.getByRole('button', { name: 'Confirm' }).click();
  await confirmWithPasskey(page);
  await page.getByText('Withdrawal submitted. The amount is held until review.').waitFor({ timeout: 20_000 });
  const withdrawals = await ok<{ data: { amount: string }[] }>(call(server.t, fund.withdrawList, {}, { token }));
  expect(withdrawals.data).toHaveLength(1);
  await button(page, 'OK').click();

  // Removing it asks the passkey itself, once more.
  await page.goto(`${home}#/pages/setting/security`);
  await item.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await confirmWithPasskey(page);
  await page.getByText('The passkey is removed').waitFor({ timeout: 20_000 });
  await expect(item.count()).resolves.toBe(0);
  expect(await ok<security.SecurityOverview>(call(server.t, security.overview, {}, { token }))).toMatchObject({
    strongest: 'code',
    passkeys: [],
  });
  await context.close();
});
