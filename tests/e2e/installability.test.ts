import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { launchPersistent, waitForActiveServiceWorker } from './support/browser';
import { startApp, tempDir, type RunningApp } from './support/app';

let app: RunningApp;
let profile: Awaited<ReturnType<typeof tempDir>>;
let context: BrowserContext;

beforeAll(async () => {
  app = await startApp();
  profile = await tempDir('h5-profile-');
  context = await launchPersistent(profile.dir);
});

afterAll(async () => {
  await context?.close();
  await app?.close();
  await profile?.remove();
});

test('Chromium reports the app installable and reads the manifest without errors', async () => {
  const page = await context.newPage();
  await page.goto(app.home);
  await waitForActiveServiceWorker(page);
  const cdp = await context.newCDPSession(page);

  const manifest = (await cdp.send('Page.getAppManifest')) as {
    url: string;
    errors: Array<{ message: string }>;
  };
  expect(manifest.url).toBe(`${app.home}manifest.webmanifest`);
  expect(manifest.errors).toEqual([]);

  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
});
