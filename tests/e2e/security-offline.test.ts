import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { waitForActiveServiceWorker } from './support/browser';
import { appInBrowser } from './support/session';

/**
 * The security page offline: what it last loaded (protections, score, devices, the whitelist,
 * the anti-phishing code of the signed-in user) with its time, and every change disabled with
 * the reason. SECURITY_SCREENSHOTS=<dir> also saves the offline page in English and Thai.
 */
const e2e = appInBrowser();
const { api, openSignedIn } = e2e;
const SHOTS = process.env.SECURITY_SCREENSHOTS;

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Reloads the page with the network off, from the service worker and the device's cache. */
async function reloadOffline(page: Page) {
  await page.context().setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
}

/** Every action of the page is there and disabled. */
async function expectReadOnly(page: Page) {
  const disabled = (testId: string) =>
    page.getByTestId(testId).evaluate((el) => el.classList.contains('adm-list-item-disabled'));
  await expect(disabled('totp-item')).resolves.toBe(true);
  await expect(disabled('anti-phishing-item')).resolves.toBe(true);
  await expect(disabled('passkey-add')).resolves.toBe(true);
  // The whitelist and "stay logged in" switches.
  const switches = await page.getByRole('switch').all();
  expect(switches.length).toBeGreaterThanOrEqual(2);
  for (const toggle of switches) await expect(toggle.getAttribute('aria-disabled')).resolves.toBe('true');
  await expect(page.getByTestId('anti-phishing-remove').getByRole('button').isDisabled()).resolves.toBe(true);
  await expect(page.getByTestId('devices-logout-others').isDisabled()).resolves.toBe(true);
  // A tap on a protection opens nothing.
  await page.getByTestId('totp-item').click({ force: true });
  await expect(page.getByRole('dialog').count()).resolves.toBe(0);
}

test('the security page reads offline from the device, read-only, in English and Thai', async () => {
  const session = await e2e.signUp('sec-offline');
  const as = { token: session.token };
  await api('/security/anti_phishing', { body: { anti_phishing_code: 'Blue heron 4' }, ...as });
  await api('/security/whitelist', { body: { on: '1' }, ...as });
  const { secret } = await api<{ secret: string }>('/security/totp/setup', { body: {}, ...as });
  await api('/security/totp/confirm', { body: { code: await generate({ secret }) }, ...as });

  const page = await openSignedIn(session, '/pages/setting/security', 'security-offline');
  await page.getByTestId('totp-on').waitFor({ timeout: 20_000 });
  await page.getByTestId('anti-phishing-code').getByText('Blue heron 4').waitFor({ timeout: 20_000 });
  await page.getByTestId('device-item').first().waitFor({ timeout: 20_000 });
  await expect(page.getByTestId('security-read-only').count()).resolves.toBe(0);
  await waitForActiveServiceWorker(page);

  await reloadOffline(page);
  const notice = page.getByTestId('security-read-only');
  await notice.getByText('You are offline: changes need a connection.').waitFor({ timeout: 20_000 });
  await notice.getByTestId('as-of').waitFor();
  await page.getByTestId('totp-on').getByText('10 recovery codes left').waitFor();
  await page.getByTestId('anti-phishing-code').getByText('Blue heron 4').waitFor();
  await page.getByTestId('withdrawals-paused').waitFor();
  await expect(page.getByTestId('whitelist-item').getByRole('switch').getAttribute('aria-checked')).resolves.toBe(
    'true',
  );
  await expect(page.getByTestId('device-item').count()).resolves.toBeGreaterThan(0);
  await expectReadOnly(page);
  await shoot(page, 'security-offline-en');

  // Thai, loaded once online, reads offline the same way.
  await page.context().setOffline(false);
  await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('th')));
  await page.reload();
  await page.getByTestId('totp-on').waitFor({ timeout: 20_000 });
  await reloadOffline(page);
  await notice.getByText('คุณออฟไลน์อยู่: การเปลี่ยนแปลงต้องใช้การเชื่อมต่ออินเทอร์เน็ต').waitFor({ timeout: 20_000 });
  await page.getByTestId('anti-phishing-code').getByText('Blue heron 4').waitFor();
  await expectReadOnly(page);
  await shoot(page, 'security-offline-th');
  await page.context().close();
});
