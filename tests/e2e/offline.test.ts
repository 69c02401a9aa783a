import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { PHONE, launch, screenshotOnFailure, startInEnglish, waitForActiveServiceWorker } from './support/browser';
import { startApp, type RunningApp } from './support/app';
import { distDir } from '../../scripts/build.mjs';

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
  // What the app logs while it starts offline (its first requests fail before its language loads).
  const logged: string[] = [];
  page.on('console', (m) => void logged.push(m.text()));
  page.on('pageerror', (e) => void logged.push(e.message));
  const response = await page.reload();

  // The document came from the precache, not the (unreachable) server.
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.evaluate(() => navigator.onLine)).resolves.toBe(false);
  await page.getByTestId('offline-banner').waitFor({ state: 'visible' });
  // The shell rendered: the bottom tab bar of the home page is there.
  await page.getByRole('navigation').getByRole('button', { name: 'Market' }).waitFor();
  const zIndex = await page.getByTestId('offline-banner').evaluate((el) => getComputedStyle(el).zIndex);
  expect(zIndex).toBe('10080');
  // The early requests (site config, quotes) failed; their errors are worded once the language is
  // active, never before (Lingui throws then).
  await expect.poll(() => logged.some((line) => line.startsWith('[site config] network'))).toBe(true);
  expect(logged.filter((line) => line.includes('without setting a locale'))).toEqual([]);

  // Back online: the banner goes away without a reload.
  await context.setOffline(false);
  await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
  await context.close();
});

test('the precache holds the shell only, and a screen opened before the worker started opens offline', async () => {
  const context = await browser.newContext(PHONE);
  await startInEnglish(context);
  const page = await context.newPage();
  screenshotOnFailure(page, 'offline-runtime-cache');
  // The login screen's chunk loads before any worker exists: it is not part of the precache.
  await page.goto(`${app.home}#/pages/common/login`);
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await password.waitFor();
  await waitForActiveServiceWorker(page);

  const cached = await page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      out[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    }
    return out;
  });
  const precached = Object.entries(cached).find(([name]) => name.includes('precache'))?.[1] ?? [];
  const runtime = cached.assets ?? [];
  const builtScripts = (await readdir(join(distDir, 'assets'))).filter((f) => f.endsWith('.js'));
  const precachedScripts = precached.filter((p) => p.endsWith('.js'));
  expect(precached).toContain('/h5/index.html');
  expect(precached.filter((p) => /\.(br|gz)$/.test(p))).toEqual([]);
  expect(precachedScripts.length).toBeGreaterThan(0);
  expect(precachedScripts.length).toBeLessThan(builtScripts.length / 2);
  // What the page loaded beyond the precache was kept when the worker took over.
  expect(runtime.length).toBeGreaterThan(0);
  expect(runtime.filter((p) => precached.includes(p))).toEqual([]);

  await context.setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await password.waitFor();
  await page.getByTestId('offline-banner').waitFor({ state: 'visible' });
  await context.setOffline(false);
  await context.close();
});
