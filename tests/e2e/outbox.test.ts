import { afterAll, beforeAll, expect, onTestFailed, test } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { listRecharges } from '../../contract/admin';
import { call, ok } from '../../server/src/testing/fund';
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

/** The amounts of one user's recharge requests on the server. */
async function rechargesOf(userId: number): Promise<string[]> {
  const queue = await ok<{ data: { user_id: number; amount: string }[] }>(
    call(server.t, listRecharges, { limit: 100 }, { token: server.adminToken }),
  );
  return queue.data.filter((r) => r.user_id === userId).map((r) => r.amount);
}

/** The recharge page of a new account; `denySync` blocks Background Sync for the site, as a user can. */
async function rechargePage(name: string, options: { denySync?: boolean; context?: BrowserContextOptions } = {}) {
  const context = await browser.newContext({ ...PHONE, ...options.context });
  const session = await newUser(server);
  await signInBrowser(context, session);
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
  return { context, page, userId: session.user.id };
}

/** Fills in and submits a recharge while offline; it is listed as queued. */
async function queueOffline(context: BrowserContext, page: Page, amount = '100') {
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Recharge amount' }).fill(amount);
  await page.getByLabel('Payment voucher').setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: PNG });
  await page.getByText(/You are offline/).waitFor();
  await page.getByRole('button', { name: 'Submit recharge' }).click();
  await page.getByTestId('queued-recharge').and(page.locator('[data-state="queued"]')).waitFor();
}

const queuedState = (page: Page) => page.getByTestId('queued-recharge').first().getAttribute('data-state');

/**
 * Back online the way a phone often is: the page hears `online` while its first downloads still
 * fail. The app's files fail for `ms` (the worker's own fetches included), the API answers.
 */
async function reconnectHalfway(context: BrowserContext, ms: number) {
  const failingUntil = Date.now() + ms;
  let failed = 0;
  await context.route('**/h5/assets/**', (route) => {
    if (Date.now() >= failingUntil) return route.fallback();
    failed += 1;
    return route.abort('internetdisconnected');
  });
  await context.setOffline(false);
  return { failed: () => failed };
}

test('a voucher queued offline with Background Sync denied is sent once when the network returns', async () => {
  const { context, page, userId } = await rechargePage('outbox-denied', { denySync: true });
  await waitForActiveServiceWorker(page);
  await expect(
    page.evaluate(async () => (await navigator.permissions.query({ name: 'background-sync' as PermissionName })).state),
  ).resolves.toBe('denied');

  await queueOffline(context, page, '124');
  expect(await rechargesOf(userId)).toEqual([]);

  // Nothing but the page can send it now: the `online` event does, even when what it first
  // downloads after reconnecting fails.
  const reconnect = await reconnectHalfway(context, 2_000);
  await expect.poll(() => queuedState(page), { timeout: 30_000 }).toBe('sent');
  await page.getByText('Sent', { exact: true }).waitFor();
  await expect(page.getByText('Queued', { exact: true }).count()).resolves.toBe(0);
  expect(await rechargesOf(userId)).toEqual(['124']);
  // The reconnection really was halfway: downloads failed after the page heard `online`.
  expect(reconnect.failed()).toBeGreaterThan(0);
  await context.close();
});

test('a voucher queued offline is sent once by Background Sync where it is available', async () => {
  const { context, page, userId } = await rechargePage('outbox-sync');
  await waitForActiveServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL === server.home);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');

  await queueOffline(context, page, '124');
  // Handed to Background Sync: the worker sends it when the browser fires the sync.
  await expect(
    page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
        sync: { getTags(): Promise<string[]> };
      };
      return registration.sync.getTags();
    }),
  ).resolves.toContain('outbox');
  await context.setOffline(false);
  const sync = { origin: server.url, registrationId: await registrationId, tag: 'outbox', lastChance: false };
  await cdp.send('ServiceWorker.dispatchSyncEvent', sync);
  await expect.poll(() => queuedState(page), { timeout: 15_000 }).toBe('sent');
  // A second sync (the browser's retry, another tab's registration) finds nothing left to send.
  await cdp.send('ServiceWorker.dispatchSyncEvent', sync);
  await page.reload();
  await page.getByTestId('deposit-address').waitFor();
  expect(await queuedState(page)).toBe('sent');
  expect(await rechargesOf(userId)).toEqual(['124']);
  await context.close();
});

test('a replay that meets a page that is not our API keeps the voucher queued and sends it later', async () => {
  const { context, page } = await rechargePage('outbox-portal', { denySync: true });
  await waitForActiveServiceWorker(page);
  const before = await recharges();
  await queueOffline(context, page);

  // Back "online" behind a Wi-Fi login page: the submission is answered with its HTML.
  let portalHits = 0;
  const chargeRequest = (url: URL) => url.pathname.endsWith('/api/wallet/charge_req');
  await context.route(chargeRequest, (route) => {
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
  await context.unroute(chargeRequest);
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

test('the recharge page opens offline after one visit made before the worker first started', async () => {
  const context = await browser.newContext(PHONE);
  await signInBrowser(context, await newUser(server));
  // A walk through a few screens before the worker first starts fills the browser's resource
  // timeline (250 entries, API calls and images included); a timeline full from the start stands
  // for it, so the chunks this visit loads are all past its end.
  await context.addInitScript(() => performance.setResourceTimingBufferSize(0));
  const page = await context.newPage();
  screenshotOnFailure(page, 'receive-offline');
  await page.goto(`${server.home}#/pages/fund/receive`);
  await page.getByTestId('deposit-address').waitFor();
  await waitForActiveServiceWorker(page);
  // Only the worker's caches count offline: the browser's HTTP cache may be evicted any time.
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');

  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('deposit-address').waitFor();
  await page.getByRole('button', { name: 'Submit recharge' }).waitFor();
  await context.close();
});
