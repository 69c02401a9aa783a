import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launch, screenshotOnFailure, startInEnglish, waitForActiveServiceWorker } from './support/browser';
import { copyOfDist, startApp, type RunningApp } from './support/app';

let app: RunningApp;
let browser: Browser;
let dist: Awaited<ReturnType<typeof copyOfDist>>;

beforeAll(async () => {
  dist = await copyOfDist();
  app = await startApp({ distDir: dist.dir });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await dist?.remove();
});

/** Marks the current document; a reload (a new document) loses the mark. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const isSameDocument = (page: Page) => page.evaluate(() => '__sameDocument' in window);

async function controller(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { controller: navigator.serviceWorker.controller?.state, waiting: registration?.waiting ?? null };
  });
}

test('a newer build prompts for a reload and reloads only the tab that asked', async () => {
  const context = await browser.newContext(PHONE);
  await startInEnglish(context);
  const first = await context.newPage();
  screenshotOnFailure(first, 'update');
  await first.goto(app.home);
  await waitForActiveServiceWorker(first);
  const second = await context.newPage();
  await second.goto(app.home);
  await waitForActiveServiceWorker(second);
  await mark(second);

  // Publish a "newer" version: any byte change of sw.js is a new service worker to the browser.
  await appendFile(join(dist.dir, 'sw.js'), '\n// next release\n');
  // This navigation's update check finds the new worker; it installs and waits.
  await first.reload();
  for (const page of [first, second]) {
    await page.getByTestId('update-prompt').waitFor({ state: 'visible', timeout: 60_000 });
  }

  // Nothing reloads by itself while the prompt waits.
  await mark(first);
  await first.waitForTimeout(1000);
  await expect(isSameDocument(first)).resolves.toBe(true);

  const reloaded = first.waitForEvent('load');
  await first.getByTestId('update-prompt').getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(isSameDocument(first)).resolves.toBe(false);
  await expect(controller(first)).resolves.toEqual({ controller: 'activated', waiting: null });
  await expect(first.getByTestId('update-prompt').count()).resolves.toBe(0);

  // The other tab now runs under the new worker too, but still only offers the reload.
  await second.waitForTimeout(1000);
  await expect(isSameDocument(second)).resolves.toBe(true);
  await expect(second.getByTestId('update-prompt').isVisible()).resolves.toBe(true);
  const secondReloaded = second.waitForEvent('load');
  await second.getByTestId('update-prompt').getByRole('button', { name: 'Reload' }).click();
  await secondReloaded;
  await expect(isSameDocument(second)).resolves.toBe(false);
  await context.close();
});
