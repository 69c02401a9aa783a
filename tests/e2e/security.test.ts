import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { expect, test } from 'vitest';
import { PHONE } from './support/browser';
import { appInBrowser } from './support/session';

const e2e = appInBrowser();
const { api, openSignedIn } = e2e;

interface Overview {
  strongest: string;
  totp: { enabled: boolean; recovery_codes_left: number };
  withdrawals: { whitelist: string; whitelist_off_at: string | null; paused_until: string | null };
}

test('turn on the authenticator app from its QR key, keep the recovery codes, remove it with one of them', async () => {
  const session = await e2e.signUp('totp');
  const overview = () => api<Overview>('/security/overview', { token: session.token });
  const page = await openSignedIn(session, '/pages/setting/security', 'security');

  await page.getByTestId('totp-item').click();
  const sheet = page.getByRole('dialog', { name: 'Authenticator app' });
  const secret = (await sheet.getByTestId('totp-secret').textContent())!.trim();
  await expect(
    sheet.getByRole('img', { name: 'QR code of the authenticator key' }).getAttribute('src'),
  ).resolves.toMatch(/^data:image\/png;base64,/);
  // A wrong code is refused under the field and nothing is turned on.
  await sheet.getByRole('textbox', { name: 'Code from the app' }).fill('000000');
  await sheet.getByTestId('totp-confirm').click();
  await sheet.getByRole('alert').waitFor({ timeout: 20_000 });
  expect((await overview()).totp.enabled).toBe(false);

  // A second tap within 500 ms of the first is ignored (SPEC.md section 9's double-tap guard).
  await page.waitForTimeout(600);
  await sheet.getByRole('textbox', { name: 'Code from the app' }).fill(await generate({ secret }));
  await sheet.getByTestId('totp-confirm').click();
  await sheet.getByTestId('recovery-codes').waitFor({ timeout: 20_000 });
  const codes = (await sheet.getByTestId('recovery-codes').locator('li').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await sheet.getByTestId('recovery-done').click();
  await page.getByTestId('totp-on').waitFor({ timeout: 20_000 });
  await expect(page.getByTestId('totp-on').textContent()).resolves.toContain('10 recovery codes left');
  expect(await overview()).toMatchObject({ strongest: 'totp', totp: { enabled: true, recovery_codes_left: 10 } });

  // Removing asks for a confirmation by the app itself; a recovery code stands in for it.
  await page.getByTestId('totp-item').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.locator('#step-up-code').fill(codes[0]!);
  await confirm.getByTestId('step-up-confirm').click();
  await page.getByText('Off', { exact: true }).waitFor({ timeout: 20_000 });
  expect((await overview()).totp.enabled).toBe(false);
  // Removing a factor pauses withdrawals for a day, and the page says until when.
  await page.getByTestId('withdrawals-paused').waitFor({ timeout: 20_000 });
  expect((await overview()).withdrawals.paused_until).not.toBeNull();
  await page.context().close();
});

test('the withdrawal whitelist switches on at once and off only after a day, with a confirmation', async () => {
  const session = await e2e.signUp('whitelist');
  const overview = () => api<Overview>('/security/overview', { token: session.token });
  // The app's recovery codes confirm at once (the emailed code of the sign-up is still in its resend wait).
  const { secret } = await api<{ secret: string }>('/security/totp/setup', { body: {}, token: session.token });
  const { recovery_codes: codes } = await api<{ recovery_codes: string[] }>('/security/totp/confirm', {
    body: { code: await generate({ secret }) },
    token: session.token,
  });
  const page = await openSignedIn(session, '/pages/setting/security', 'security');
  const toggle = page.getByTestId('whitelist-item').getByRole('switch');
  await toggle.click();
  await page
    .getByText('On: withdrawals go only to addresses and cards saved at least 24 hours ago.')
    .waitFor({ timeout: 20_000 });
  expect((await overview()).withdrawals.whitelist).toBe('on');

  // Taps within 500 ms of the last one are ignored (SPEC.md section 9's double-tap guard).
  await page.waitForTimeout(600);
  await toggle.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Switch off' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.locator('#step-up-code').fill(codes[0]!);
  await confirm.getByTestId('step-up-confirm').click();
  await page.getByTestId('whitelist-turning-off').waitFor({ timeout: 20_000 });
  expect((await overview()).withdrawals.whitelist).toBe('turning_off');
  // Switching on again cancels the switch-off.
  await page.waitForTimeout(600);
  await toggle.click();
  await page
    .getByText('On: withdrawals go only to addresses and cards saved at least 24 hours ago.')
    .waitFor({ timeout: 20_000 });
  expect((await overview()).withdrawals).toMatchObject({ whitelist: 'on', whitelist_off_at: null });
  await page.context().close();
});

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const PIXEL_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WINDOWS_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Signs in by password the way a device does: its User-Agent and the app's device key. */
async function signInFrom(email: string, ua: string, deviceKey: string): Promise<string> {
  const res = await fetch(`${e2e.app.url}/api/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'User-Agent': ua },
    body: new URLSearchParams({ user_string: email, password: 'correct horse 1', device_key: deviceKey, lang: 'en' }),
  });
  const reply = (await res.json()) as { type: string; message: string };
  if (reply.type !== 'ok') throw new Error(JSON.stringify(reply));
  return reply.message;
}

test('the security score and the signed-in devices by browser and system; one of them signed out', async () => {
  const account = await e2e.signUp('devices');
  const email = (account.user as { email: string }).email;
  const token = await signInFrom(email, IPHONE_UA, randomUUID());
  const pixel = await signInFrom(email, PIXEL_UA, randomUUID());
  const page = await openSignedIn({ ...account, token }, '/pages/setting/security', 'devices');

  // Nothing on yet: 0 of 100, and the five protections to add, heaviest first, each a link.
  await page.getByTestId('security-score').waitFor({ timeout: 20_000 });
  await expect(page.getByTestId('security-score-value').textContent()).resolves.toBe('0');
  const next = page.getByTestId('security-score').locator('[data-testid^="score-next-"]');
  await expect(next.allTextContents()).resolves.toEqual([
    'Add a passkey',
    'Turn on the authenticator app',
    'Turn on the withdrawal whitelist',
    'Set a payment password',
    'Set an anti-phishing code',
  ]);

  // Each session by browser, system and model, this one marked; the sign-up's own is there too.
  const names = page.getByTestId('device-name');
  await names.nth(2).waitFor({ timeout: 20_000 });
  await expect(names.allTextContents()).resolves.toEqual(
    expect.arrayContaining(['Safari 17 · iOS 17.0', 'Chrome 131 · Android 14']),
  );
  const phone = page.getByTestId('device-item').filter({ hasText: 'Chrome 131 · Android 14' });
  await expect(phone.textContent()).resolves.toContain('Google Pixel 8');
  const current = page.getByTestId('device-item').filter({ hasText: 'This device' });
  await expect(current.getByTestId('device-name').textContent()).resolves.toBe('Safari 17 · iOS 17.0');

  // Signing the phone out ends its session only.
  await phone.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await page.getByTestId('device-item').nth(1).waitFor({ timeout: 20_000 });
  await expect.poll(() => names.count(), { timeout: 20_000 }).toBe(2);
  await expect(api('/user/info', { token: pixel })).rejects.toThrow(/"type":"999"/);
  await expect(api('/user/info', { token })).resolves.toBeTruthy();

  // Switching the whitelist on moves the score and drops it from what to add.
  await page.getByTestId('whitelist-item').getByRole('switch').click();
  await expect.poll(() => page.getByTestId('security-score-value').textContent(), { timeout: 20_000 }).toBe('20');
  await expect(next.allTextContents()).resolves.not.toContain('Turn on the withdrawal whitelist');
  await page.context().close();
});

test('a new device\'s alert: its "this wasn\'t me" link, opened signed out, freezes withdrawals and signs everyone out', async () => {
  const account = await e2e.signUp('notme');
  const email = (account.user as { email: string }).email;
  await signInFrom(email, WINDOWS_UA, randomUUID());
  const mails = await fetch(`${e2e.app.url}/api/dev/mailbox?to=${encodeURIComponent(email)}`).then(
    (r) => r.json() as Promise<{ message: { subject: string; text: string }[] }>,
  );
  const alert = mails.message.find((m) => m.subject === 'New sign-in to your account')!;
  const link = /#(\/pages\/common\/not_me\?token=[\w-]{43})/.exec(alert.text)![1]!;

  const context = await e2e.browser.newContext(PHONE);
  await context.addInitScript(() => {
    localStorage.setItem('h5Version', '1');
    localStorage.setItem('lang', JSON.stringify('en'));
  });
  const page = await context.newPage();
  await page.goto(`${e2e.app.home}#${link}`);
  const ask = page.getByTestId('not-me');
  await ask.waitFor({ timeout: 20_000 });
  await expect(ask.textContent()).resolves.toContain('Chrome / Windows');
  await ask.getByTestId('not-me-confirm').click();
  await page.getByTestId('not-me-done').waitFor({ timeout: 20_000 });
  await expect(api('/user/info', { token: account.token })).rejects.toThrow(/"type":"999"/);

  // Opened again: the link is used up, and says the account is secured.
  await page.reload();
  await page.getByTestId('not-me-done').waitFor({ timeout: 20_000 });
  await context.close();

  // Signed in again, the security page shows the freeze and the way to lift it.
  const token = await signInFrom(email, IPHONE_UA, randomUUID());
  const frozen = await api<{ withdraw_freeze: { frozen_at: string | null } }>('/security/overview', { token });
  expect(frozen.withdraw_freeze.frozen_at).not.toBeNull();
  const security = await openSignedIn({ ...account, token }, '/pages/setting/security', 'frozen');
  await security.getByTestId('withdraw-frozen').waitFor({ timeout: 20_000 });
  await expect(security.getByTestId('unfreeze').isDisabled()).resolves.toBe(true);
  await security.context().close();
});
