import { generate } from 'otplib';
import { expect, test } from 'vitest';
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
