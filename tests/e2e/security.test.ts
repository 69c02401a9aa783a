import { generate } from 'otplib';
import { expect, test } from 'vitest';
import { appInBrowser } from './support/session';

const e2e = appInBrowser();
const { api, openSignedIn } = e2e;

interface Overview {
  strongest: string;
  totp: { enabled: boolean; recovery_codes_left: number };
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
  await page.context().close();
});
