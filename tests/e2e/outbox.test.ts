import { afterAll, beforeAll, expect, onTestFailed, test } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { listRecharges } from '../../contract/admin';
import { call, ok } from '../../server/src/modules/fund/fund-testing';
import { PHONE, launch, screenshotOnFailure, waitForActiveServiceWorker } from './support/browser';
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

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Recharge requests waiting for review, as the back office lists them. */
async function recharges(): Promise<number> {
  const queue = await ok<{ data: unknown[] }>(
    call(server.t, listRecharges, { limit: 100 }, { token: server.adminToken }),
  );
  return queue.data.length;
}

/** The recharge page of a new account; `denySync` blocks Background Sync for the site, as a user can. */
async function rechargePage(name: string, options: { denySync?: boolean; context?: BrowserContextOptions } = {}) {
  const context = await browser.newContext({ ...PHONE, ...options.context });
  await signInBrowser(context, await newUser(server));
  // Granting a list grants it and denies every other permission, Background Sync included.
  if (options.denySync) await context.grantPermissions([], { origin: server.url });
  const page = await context.newPage();
  screenshotOnFailure(page, name);
  // The page's console says why an entry stayed queued; shown only when the test fails.
  const consoleLines: string[] = [];
  page.on('console', (m) => void consoleLines.push(`${m.type()}: ${m.text()}`));
  onTestFailed(() => console.log(`[${name}] page console:\n${consoleLines.join('\n')}`));
  await page.goto(`${server.home}#/pages/fund/receive`);
  await page.getByTestId('deposit-address').waitFor();
  return { context, page };
}

/** Fills in and submits a recharge while offline; it is listed as queued. */
async function queueOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Recharge amount' }).fill('100');
  await page.getByLabel('Payment voucher').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: PNG });
  await page.getByText(/You are offline/).waitFor();
  await page.getByRole('button', { name: 'Submit recharge' }).click();
  await page.getByTestId('queued-recharge').and(page.locator('[data-state="queued"]')).waitFor();
}

const queuedState = (page: Page) => page.getByTestId('queued-recharge').first().getAttribute('data-state');

test('a voucher queued offline with Background Sync denied is sent when the network returns', async () => {
  const { context, page } = await rechargePage('outbox-denied', { denySync: true });
  await waitForActiveServiceWorker(page);
  await expect(
    page.evaluate(async () => (await navigator.permissions.query({ name: 'background-sync' as PermissionName })).state),
  ).resolves.toBe('denied');
  const before = await recharges();

  await queueOffline(context, page);
  expect(await recharges()).toBe(before);

  // Nothing but the page can send it now: the `online` event does.
  await context.setOffline(false);
  await expect.poll(() => queuedState(page), { timeout: 15_000 }).toBe('sent');
  await page.getByText('Sent', { exact: true }).waitFor();
  expect(await recharges()).toBe(before + 1);
  await context.close();
});

test('a replay that meets a page that is not our API keeps the voucher queued and sends it later', async () => {
  const { context, page } = await rechargePage('outbox-portal', { denySync: true });
  await waitForActiveServiceWorker(page);
  const before = await recharges();
  await queueOffline(context, page);

  // Back "online" behind a Wi-Fi login page: the submission is answered with its HTML.
  let portalHits = 0;
  await context.route('**/api/wallet/charge_req', (route) => {
    portalHits += 1;
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Sign in to the hotel Wi-Fi</title>',
    });
  });
  await context.setOffline(false);
  await expect.poll(() => portalHits, { timeout: 15_000 }).toBeGreaterThan(0);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('h5-exchange');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const rows = open.result.transaction('outbox').objectStore('outbox').getAll();
              rows.onsuccess = () => resolve((rows.result as { attempts: number }[])[0]?.attempts ?? -1);
            };
          }),
      ),
    )
    .toBeGreaterThan(0);
  expect(await queuedState(page)).toBe('queued');
  expect(await recharges()).toBe(before);

  // The real network is back: the next start of the app sends it.
  await context.unroute('**/api/wallet/charge_req');
  await page.reload();
  await expect.poll(() => queuedState(page), { timeout: 15_000 }).toBe('sent');
  expect(await recharges()).toBe(before + 1);
  await context.close();
});

test('without a service worker, an offline recharge frees the button and is sent when the network returns', async () => {
  const { context, page } = await rechargePage('outbox-no-worker', { context: { serviceWorkers: 'block' } });
  const before = await recharges();
  await queueOffline(context, page);
  await page.getByText('Saved. It will be sent when the network returns.').waitFor();
  await expect.poll(() => page.getByRole('button', { name: 'Submit recharge' }).isEnabled()).toBe(true);

  await context.setOffline(false);
  await expect.poll(() => queuedState(page), { timeout: 15_000 }).toBe('sent');
  expect(await recharges()).toBe(before + 1);
  await context.close();
});
