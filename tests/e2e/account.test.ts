import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, screenshotOnFailure, startInEnglish } from './support/browser';
import { appInBrowser } from './support/session';
import { latestCode } from './support/mailbox';

const e2e = appInBrowser();

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function openAccount(page: Page, email: string): Promise<void> {
  // The home tab greets the signed-in user; tapping the greeting opens the profile.
  await page.getByText(/^Hello, /).click();
  await page.getByText(email, { exact: true }).first().waitFor();
  await page.getByText('UID', { exact: true }).waitFor();
  await page.getByText('Invitation code', { exact: true }).waitFor();
}

async function logOut(page: Page): Promise<void> {
  await button(page, 'Log out').click();
  // The app asks first; the dialog's own button confirms.
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await button(page, 'Log in').waitFor();
  await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBe('""');
}

test('register with a mailed code, log out, log in, see the account, log out', async () => {
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'correct horse 1';
  const context = await e2e.browser.newContext(PHONE);
  await startInEnglish(context);
  const page = await context.newPage();
  screenshotOnFailure(page, 'account');

  await page.goto(`${e2e.app.home}#/pages/common/register`);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await button(page, 'Get code').click();
  // The countdown starts only after the server accepted the send.
  await page.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
  const code = await latestCode(e2e.app.url, email);
  expect(code).toMatch(/^\d{6}$/);
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
  // Accept the user agreement: the checkbox's own input is hidden, its label takes the tap.
  await page.locator('label', { has: page.locator('input[type="checkbox"]') }).click();
  await button(page, 'Register').click();

  // Registered and signed in: home greets the new user.
  await page.getByText(/^Hello, /).waitFor();
  await openAccount(page, email);
  await logOut(page);

  // Log in again with the same credentials.
  await button(page, 'Log in').click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await button(page, 'Log in').click();
  await page.getByText(/^Hello, /).waitFor();
  await expect(page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '""'))).resolves.not.toBe('');
  await openAccount(page, email);
  await logOut(page);
  await context.close();
});
