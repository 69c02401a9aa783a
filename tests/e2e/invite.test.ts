import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, screenshotOnFailure, startInEnglish } from './support/browser';
import { latestCode } from './support/mailbox';
import { appInBrowser } from './support/session';

const e2e = appInBrowser();

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

test('an invite link opens register with the code filled in; the new account joins the referrer’s team', async () => {
  const referrer = await e2e.signUp('referrer');
  const page = await e2e.openSignedIn(referrer, '/pages/setting/share', 'invite-referrer');

  // The invitation: code, link, QR code, and a poster drawn on the device.
  const code = (await page.getByTestId('invite-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]+$/);
  const link = (await page.getByTestId('invite-link').textContent())!.trim();
  expect(link).toBe(`${e2e.app.home}#/pages/common/register?extension_code=${code}`);
  await page.getByTestId('invite-qr').waitFor();
  await expect.poll(() => page.getByTestId('team-first').textContent()).toContain('0');
  await button(page, 'Poster').click();
  await page.getByTestId('poster-image').waitFor();
  const poster = await page
    .getByTestId('poster-image')
    .evaluate((img: HTMLImageElement) => ({ w: img.naturalWidth, h: img.naturalHeight }));
  expect(poster.w).toBeGreaterThan(0);
  expect(poster.h).toBeGreaterThan(poster.w);
  await page.keyboard.press('Escape');

  // A friend opens the link in a fresh browser: the register form has the code.
  const context = await e2e.browser.newContext(PHONE);
  await startInEnglish(context);
  const friend = await context.newPage();
  screenshotOnFailure(friend, 'invite-friend');
  await friend.goto(link);
  const invitation = friend.getByRole('textbox', { name: 'Invitation code' });
  await expect.poll(() => invitation.inputValue()).toBe(code);

  const email = `friend-${Date.now()}@example.com`;
  const password = 'correct horse 1';
  await friend.getByRole('textbox', { name: 'Email' }).fill(email);
  await button(friend, 'Get code').click();
  await friend.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
  await friend.getByRole('textbox', { name: 'Verification code' }).fill(await latestCode(e2e.app.url, email));
  await friend.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await friend.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
  await friend.locator('label', { has: friend.locator('input[type="checkbox"]') }).click();
  await button(friend, 'Register').click();
  await friend.getByText(/^Hello, /).waitFor();
  await context.close();

  // The referrer's team shows one member, masked.
  await page.goto(`${e2e.app.home}#/pages/setting/share?view=team`);
  const members = page.getByTestId('team-1').locator('li');
  await expect.poll(() => members.count(), { timeout: 20_000 }).toBe(1);
  const shown = (await members.first().textContent()) ?? '';
  expect(shown).toContain('@example.com');
  expect(shown).not.toContain(email);
  await page.getByText('No more data').waitFor();
  await page.goto(`${e2e.app.home}#/pages/setting/share`);
  await expect.poll(() => page.getByTestId('team-first').textContent(), { timeout: 20_000 }).toContain('1');
  await page.context().close();
}, 180_000);
