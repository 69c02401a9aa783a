import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BCP47, LOCALES, LOCALE_NAMES, type Locale } from '../../contract/domain/locales';
import { PHONE, launch, screenshotOnFailure } from './support/browser';
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

/** The five labels of the bottom tab bar, in order. */
async function tabLabels(page: Page): Promise<string[]> {
  const tabs = page.getByRole('navigation').getByRole('button');
  await tabs.first().waitFor();
  return tabs.allInnerTexts();
}

async function chooseLanguage(page: Page, from: Locale, to: Locale): Promise<void> {
  await page.goto(`${app.home}#/pages/setting/setting`);
  // The settings row shows the current language by its own name; tapping it opens the list.
  await page.getByText(LOCALE_NAMES[from], { exact: true }).click();
  await page.getByText(LOCALE_NAMES[to], { exact: true }).click();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, BCP47[to]);
}

test('each of the 8 languages changes the UI text and the document language', async () => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  screenshotOnFailure(page, 'languages');
  await page.goto(app.home);
  // A first visit starts in the default language, Traditional Chinese (hk).
  await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(BCP47.hk);

  const labels = new Map<Locale, string[]>();
  labels.set('hk', await tabLabels(page));
  let current: Locale = 'hk';
  for (const locale of LOCALES.filter((l) => l !== 'hk')) {
    await chooseLanguage(page, current, locale);
    current = locale;
    await page.goto(`${app.home}#/`);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(BCP47[locale]);
    labels.set(locale, await tabLabels(page));
  }

  expect(labels.get('en')).toEqual(['Home', 'Market', 'Trade', 'Finance', 'Assets']);
  // Every language shows its own tab labels: no two languages render the same bar.
  const distinct = new Set([...labels.values()].map((l) => JSON.stringify(l)));
  expect(distinct.size).toBe(LOCALES.length);
  for (const l of labels.values()) expect(l).toHaveLength(5);

  // The choice is stored: a reload keeps the last language.
  await page.reload();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, BCP47[current]);
  await expect(tabLabels(page)).resolves.toEqual(labels.get(current));
  await context.close();
});
