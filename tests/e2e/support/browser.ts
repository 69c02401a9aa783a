import { onTestFailed } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { SEEN_KEY, SEEN_MAX } from '../../../src/features/content/model/popup';

/** Debian's Chromium: Playwright's own browser download does not work on these machines. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Quiet, deterministic Chromium: no background traffic or updates competing with the app. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A phone: the app is a mobile H5 app and lays out for this viewport. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}

/**
 * A persistent profile: Chromium reports a non-persistent (incognito-like) context as not
 * installable, so installability is checked in a real profile directory.
 */
export function launchPersistent(profileDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    ...PHONE,
  });
}

/**
 * Marks the demo's popup notices as already shown on this device (the ids a fresh demo database
 * gives its seeded content), so a notice never lies over what a journey taps. The notice itself
 * is tested in tests/e2e/content.test.ts, which asks to see it.
 */
export async function skipDemoNotices(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ([key, ids]) => {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, JSON.stringify(ids));
    },
    [SEEN_KEY, Array.from({ length: SEEN_MAX }, (_, i) => i + 1)] as const,
  );
}

/** Starts the app in English unless a test picks the language itself; later reloads keep the choice. */
export async function startInEnglish(context: BrowserContext, { showNotices = false } = {}): Promise<void> {
  if (!showNotices) await skipDemoNotices(context);
  await context.addInitScript(() => {
    if (localStorage.getItem('lang') === null) {
      localStorage.setItem('h5Version', '1');
      localStorage.setItem('lang', JSON.stringify('en'));
    }
  });
}

/** Resolves once the page's service worker registration has an activated worker. */
export async function waitForActiveServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker || worker.state === 'activated') return;
    await new Promise<void>((resolve) => {
      worker.addEventListener('statechange', () => {
        if (worker.state === 'activated') resolve();
      });
    });
  });
}

/** Saves a screenshot under .test-results/ when the running test fails, to see what the user saw. */
export function screenshotOnFailure(page: Page, name: string): void {
  onTestFailed(async () => {
    await page.screenshot({ path: `.test-results/e2e-${name}.png`, fullPage: true }).catch(() => undefined);
  });
}
