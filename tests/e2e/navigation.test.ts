import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerUser } from '../../server/src/testing/accounts';
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

const hashOf = (url: string) => decodeURIComponent(new URL(url).hash);

/** Picks BTC on the coin list once home (whose quotes also say BTC) has faded out. */
async function pickBtc(page: Page): Promise<void> {
  await page.getByText(/^Hello, /).waitFor({ state: 'detached' });
  await page.getByText('BTC', { exact: true }).click();
}

test('a signed-in user who opens login goes on to where they were going, or home', async () => {
  const context = await browser.newContext(PHONE);
  await signInBrowser(context, await newUser(server));
  const page = await context.newPage();
  screenshotOnFailure(page, 'nav-login-signed-in');

  await page.goto(`${server.home}#/pages/common/login?redirect=${encodeURIComponent('/pages/fund/assets')}`);
  await page.waitForURL((url) => hashOf(url.href) === '#/pages/fund/assets');
  await page.getByText('Demo funds', { exact: true }).waitFor();

  // No redirect, or one that leaves the app: home.
  await page.goto(`${server.home}#/pages/common/login?redirect=${encodeURIComponent('https://evil.example/')}`);
  await page.waitForURL((url) => hashOf(url.href) === '#/');
  await page.getByText(/^Hello, /).waitFor();
  await expect(page.getByRole('button', { name: 'Log in', exact: true }).count()).resolves.toBe(0);
  await context.close();
});

test('logging in from a protected page returns to it', async () => {
  const { email, password } = await registerUser(server.t);
  const context = await browser.newContext(PHONE);
  await startInEnglish(context);
  const page = await context.newPage();
  screenshotOnFailure(page, 'nav-login-return');

  await page.goto(`${server.home}#/pages/fund/assets`);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => hashOf(url.href).startsWith('#/pages/common/login?redirect='));
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => hashOf(url.href) === '#/pages/fund/assets');
  await page.getByText('Demo funds', { exact: true }).waitFor();
  await context.close();
});

test('the home Withdraw entry opens withdrawal, Recharge opens recharge', async () => {
  const context = await browser.newContext(PHONE);
  await signInBrowser(context, await newUser(server));
  const page = await context.newPage();
  screenshotOnFailure(page, 'nav-home-entries');

  await page.goto(server.home);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await page.waitForURL((url) => hashOf(url.href) === '#/pages/fund/select?next=withdraw');
  await pickBtc(page);
  await page.waitForURL((url) => hashOf(url.href) === '#/pages/fund/withdraw');

  await page.goto(server.home);
  await page.getByRole('button', { name: 'Recharge', exact: true }).click();
  await page.waitForURL((url) => hashOf(url.href) === '#/pages/fund/select?next=receive');
  await pickBtc(page);
  await page.waitForURL((url) => hashOf(url.href) === '#/pages/fund/select_network');
  await context.close();
});
