import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { PHONE, launch, screenshotOnFailure, startInEnglish, waitForActiveServiceWorker } from './support/browser';
import { startApp, type RunningApp } from './support/app';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

test('after the service worker is active, the app opens offline with the offline banner', async () => {
  const context = await browser.newContext(PHONE);
  await startInEnglish(context);
  const page = await context.newPage();
  screenshotOnFailure(page, 'offline');
  await page.goto(app.home);
  await waitForActiveServiceWorker(page);
  await expect(page.getByTestId('offline-banner').count()).resolves.toBe(0);

  await context.setOffline(true);
  const response = await page.reload();

  // The document came from the precache, not the (unreachable) server.
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.evaluate(() => navigator.onLine)).resolves.toBe(false);
  await page.getByTestId('offline-banner').waitFor({ state: 'visible' });
  // The shell rendered: the bottom tab bar of the home page is there.
  await page.getByRole('navigation').getByRole('button', { name: 'Market' }).waitFor();
  const zIndex = await page.getByTestId('offline-banner').evaluate((el) => getComputedStyle(el).zIndex);
  expect(zIndex).toBe('10080');

  // Back online: the banner goes away without a reload.
  await context.setOffline(false);
  await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
  await context.close();
});
