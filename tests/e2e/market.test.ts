import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launch, screenshotOnFailure, startInEnglish, waitForActiveServiceWorker } from './support/browser';
import { startApp, type RunningApp } from './support/app';
import { latestCode } from './support/mailbox';

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

const MARKET = '#/pages/market/market';

async function api<T>(path: string, init: { body?: Record<string, string>; token?: string } = {}): Promise<T> {
  const res = await fetch(`${app.url}/api${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      ...(init.body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      ...(init.token ? { Authorization: init.token } : {}),
    },
    body: init.body ? new URLSearchParams({ ...init.body, lang: 'en' }) : undefined,
  });
  const body = (await res.json()) as { type: string; message: T };
  if (body.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.message;
}

/** A fresh account through the real API, signed in the way the app stores a session. */
async function registeredUser(): Promise<{ token: string; user: unknown }> {
  const email = `market-${Date.now()}@example.com`;
  await api('/sms_mail', { body: { user_string: email, type: 'email', scene: 'register' } });
  const code = await latestCode(app.url, email);
  const password = 'correct horse 1';
  return api('/user/register', { body: { user_string: email, code, password, re_password: password, type: 'email' } });
}

const prices = (page: Page) =>
  page
    .getByTestId('quote-row')
    .evaluateAll((rows) =>
      rows.map(
        (r) => `${r.getAttribute('data-symbol')}=${r.querySelector('[data-testid="quote-price"]')?.textContent}`,
      ),
    );

test('prices on the market tab change while watching', async () => {
  const context = await browser.newContext(PHONE);
  await startInEnglish(context);
  const page = await context.newPage();
  screenshotOnFailure(page, 'market-live');
  await page.goto(app.home + MARKET);
  await page.getByTestId('quote-row').first().waitFor();
  // Demo mode: the screen says the prices are simulated.
  await page.getByTestId('simulated-label').waitFor();
  const before = (await prices(page)).join();
  await expect.poll(async () => (await prices(page)).join(), { timeout: 20_000, interval: 500 }).not.toBe(before);
  await context.close();
});

test('the pair chart draws candles', async () => {
  const context = await browser.newContext(PHONE);
  await startInEnglish(context);
  const page = await context.newPage();
  screenshotOnFailure(page, 'market-chart');
  await page.goto(`${app.home}#/pages/quotation/index?symbol=BTC/USDT`);
  await page.getByTestId('pair-price').waitFor();
  await page.getByTestId('candle-chart').locator('canvas').first().waitFor();
  // Pixels in the up or down colour on the chart's canvases: candles were drawn, not just a grid.
  const coloured = () =>
    page.getByTestId('candle-chart').evaluate((box) => {
      let count = 0;
      for (const canvas of box.querySelectorAll('canvas')) {
        const ctx = canvas.getContext('2d');
        if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
        const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 0; i < data.length; i += 4) {
          const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
          const up = Math.abs(r - 0x28) < 12 && Math.abs(g - 0xba) < 12 && Math.abs(b - 0x98) < 12;
          const down = Math.abs(r - 0xf0) < 12 && Math.abs(g - 0x4a) < 12 && Math.abs(b - 0x5a) < 12;
          if (up || down) count += 1;
        }
      }
      return count;
    });
  await expect.poll(coloured, { timeout: 15_000 }).toBeGreaterThan(500);
  // Another period redraws from its own candles.
  await page.locator('[data-period="1day"]').click();
  await expect.poll(coloured, { timeout: 15_000 }).toBeGreaterThan(100);
  await page.getByTestId('depth').waitFor();
  // The pair is traded from its page: Sell opens the spot form on this pair, on the sell side.
  const bar = page.getByTestId('pair-trade-bar');
  await bar.getByRole('button', { name: 'Futures' }).waitFor();
  await bar.getByRole('button', { name: 'Seconds' }).waitFor();
  await bar.getByRole('button', { name: 'Sell', exact: true }).click();
  await page.waitForURL(/#\/pages\/transaction\/currency\?/);
  expect(new URL(page.url().replace('#', '')).searchParams.get('symbol')).toBe('BTC/USDT');
  const form = page.getByRole('region', { name: 'Order form' });
  await expect
    .poll(() => form.getByRole('button', { name: 'Sell', exact: true }).getAttribute('aria-pressed'))
    .toBe('true');
  expect(await form.getByRole('button', { name: 'Buy', exact: true }).getAttribute('aria-pressed')).toBe('false');
  await context.close();
});

test('a favorite starred offline reaches the server through Background Sync', async () => {
  const { token, user } = await registeredUser();
  const context = await browser.newContext(PHONE);
  await startInEnglish(context);
  await context.addInitScript(
    ([t, u]) => {
      if (localStorage.getItem('token') === null) {
        localStorage.setItem('token', JSON.stringify(t));
        localStorage.setItem('user', JSON.stringify(u));
      }
    },
    [token, user] as const,
  );
  const page = await context.newPage();
  screenshotOnFailure(page, 'market-favorite');
  await page.goto(app.home + MARKET);
  await waitForActiveServiceWorker(page);
  await expect(page.evaluate(() => 'sync' in ServiceWorkerRegistration.prototype)).resolves.toBe(true);
  const eth = page.locator('[data-testid="quote-row"][data-symbol="ETH/USDT"]');
  await eth.waitFor();

  const cdp = await context.newCDPSession(page);
  const registrations: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
    for (const r of e.registrations) if (!r.isDeleted) registrations.push(r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);

  await context.setOffline(true);
  const star = eth.getByTestId('star');
  await star.click();
  // The screen follows at once, offline.
  await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
  const favorites = () => api<Array<{ currency_id: number }>>('/optional/list', { token });
  expect(await favorites()).toEqual([]);

  await context.setOffline(false);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(app.url).origin,
    registrationId: registrations[registrations.length - 1]!,
    tag: 'outbox',
    lastChance: false,
  });
  await expect.poll(async () => (await favorites()).map((f) => f.currency_id), { timeout: 15_000 }).toEqual([2]);
  // Drained once: nothing left to send, and the star stays on.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('h5-exchange');
            open.onsuccess = () => {
              const req = open.result.transaction('outbox').objectStore('outbox').count();
              req.onsuccess = () => resolve(req.result);
            };
          }),
      ),
    )
    .toBe(0);
  expect(await favorites()).toHaveLength(1);
  expect(await star.getAttribute('aria-pressed')).toBe('true');
  await context.close();
});

test('offline, a reload still shows the last quotes with their time', async () => {
  const context = await browser.newContext(PHONE);
  await startInEnglish(context);
  const page = await context.newPage();
  screenshotOnFailure(page, 'market-offline');
  await page.goto(app.home);
  await page.getByTestId('home-quotes').getByTestId('quote-row').first().waitFor();
  await page.goto(app.home + MARKET);
  await page.getByTestId('quote-row').first().waitFor();
  await waitForActiveServiceWorker(page);
  // Let a ticker flush reach Dexie.
  await page.waitForTimeout(1500);
  const online = await prices(page);

  await context.setOffline(true);
  await page.reload();
  await page.getByTestId('offline-banner').waitFor();
  await page.getByTestId('quote-row').first().waitFor();
  await expect(page.getByTestId('as-of').textContent()).resolves.toMatch(/^As of .*\d/);
  const offline = await prices(page);
  expect(offline.length).toBe(online.length);

  // Home's quotes section too, from its own saved copy.
  await page.goto(app.home);
  await page.getByTestId('home-quotes').getByTestId('quote-row').first().waitFor();
  await page.getByTestId('home-quotes').getByTestId('as-of').waitFor();
  await context.setOffline(false);
  await context.close();
});
