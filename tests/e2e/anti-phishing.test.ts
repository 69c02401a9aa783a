import { generate } from 'otplib';
import { expect, test } from 'vitest';
import { PHONE, startInEnglish } from './support/browser';
import { appInBrowser } from './support/session';

const e2e = appInBrowser();
const { api, openSignedIn } = e2e;

interface AntiPhishing {
  code: string | null;
}

test('set the anti-phishing code on the security page, see it there, change it with a confirmation; the sign-in page never shows it', async () => {
  const session = await e2e.signUp('antiphish');
  const stored = () => api<AntiPhishing>('/security/anti_phishing', { token: session.token });
  const page = await openSignedIn(session, '/pages/setting/security', 'anti-phishing');
  const item = page.getByTestId('anti-phishing-item');
  await item.getByText('Not set').waitFor({ timeout: 20_000 });

  // A link is refused under the field, before anything is sent.
  await item.click();
  const sheet = page.getByRole('dialog', { name: 'Set an anti-phishing code' });
  const field = sheet.getByRole('textbox', { name: 'Anti-phishing code' });
  await field.fill('mybank.com');
  await sheet.getByTestId('anti-phishing-save').click();
  await sheet.getByText('The anti-phishing code may contain only letters, digits and spaces').waitFor();
  expect((await stored()).code).toBeNull();

  await page.waitForTimeout(600);
  await field.fill('  Purple   otter 7 ');
  await sheet.getByTestId('anti-phishing-save').click();
  await page.getByTestId('anti-phishing-code').getByText('Purple otter 7').waitFor({ timeout: 20_000 });
  await expect(item.textContent()).resolves.toContain('[Purple otter 7]');
  expect((await stored()).code).toBe('Purple otter 7');
  // Shown again after a reload: it is the server's.
  await page.reload();
  await page.getByTestId('anti-phishing-code').getByText('Purple otter 7').waitFor({ timeout: 20_000 });

  // Changing it is confirmed (here with a recovery code of the app) for exactly the new code.
  const { secret } = await api<{ secret: string }>('/security/totp/setup', { body: {}, token: session.token });
  const { recovery_codes: codes } = await api<{ recovery_codes: string[] }>('/security/totp/confirm', {
    body: { code: await generate({ secret }) },
    token: session.token,
  });
  await page.getByTestId('anti-phishing-item').click();
  const change = page.getByRole('dialog', { name: 'Change the anti-phishing code' });
  await change.getByRole('textbox', { name: 'Anti-phishing code' }).fill('Green heron');
  await change.getByTestId('anti-phishing-save').click();
  const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirm.locator('#step-up-code').fill(codes[0]!);
  await confirm.getByTestId('step-up-confirm').click();
  await page.getByTestId('anti-phishing-code').getByText('Green heron').waitFor({ timeout: 20_000 });
  expect((await stored()).code).toBe('Green heron');
  await page.context().close();

  // Signed out, the sign-in page knows nothing of it.
  const context = await e2e.browser.newContext(PHONE);
  await startInEnglish(context);
  const login = await context.newPage();
  await login.goto(`${e2e.app.home}#/pages/common/login`);
  await login.getByRole('button', { name: 'Log in', exact: true }).waitFor({ timeout: 20_000 });
  expect(await login.content()).not.toContain('Green heron');
  await context.close();
});
