import { generate } from 'otplib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { LOCALES, type Locale } from '../../contract/domain/locales';
import * as security from '../../contract/security';
import * as sc from '../../contract/security-console';
import { registerUser } from '../../server/src/testing/accounts';
import { adminUser, call, ok } from '../../server/src/testing/fund';
import { launch, screenshotOnFailure, skipDemoNotices } from './support/browser';
import { startWalletServer, type WalletServer } from './wallet-setup';

let server: WalletServer;
let browser: Browser;

beforeAll(async () => {
  server = await startWalletServer();
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** The section's title in each language (the admin catalog's). */
const TITLES: Record<Locale, string> = {
  en: 'Second-factor resets',
  zh: '二次验证重置',
  hk: '雙重驗證重設',
  jp: '二段階認証のリセット',
  kor: '2차 인증 초기화',
  th: 'การรีเซ็ตการยืนยันขั้นที่สอง',
  fra: 'Réinitialisations du second facteur',
  spa: 'Restablecimientos del segundo factor',
};

type Who = Awaited<ReturnType<typeof registerUser>>;

/** A desktop page of the console signed in as `who`, in `lang`. */
async function consoleAs(who: Who, lang: Locale): Promise<BrowserContext> {
  const context = await browser.newContext(DESKTOP);
  await skipDemoNotices(context);
  await context.addInitScript(
    ([token, user, l]) => {
      localStorage.setItem('h5Version', '1');
      localStorage.setItem('lang', JSON.stringify(l));
      localStorage.setItem('token', JSON.stringify(token));
      localStorage.setItem('user', JSON.stringify(user));
    },
    [who.token, who.user, lang] as const,
  );
  return context;
}

test('one admin proposes removing a user’s app, another approves it; the section reads in the 8 languages', async () => {
  const { t } = server;
  const user = await registerUser(t);
  const as = { token: user.token, lang: 'en' };
  const { secret } = await ok<{ secret: string }>(call(t, security.totpSetup, {}, as));
  const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  await ok(call(t, security.totpConfirm, { code }, as));
  const first = await adminUser(t);
  const second = await adminUser(t);

  // The first admin finds the user, sees the protections and proposes the reset.
  const proposing = await consoleAs(first, 'en');
  const page = await proposing.newPage();
  screenshotOnFailure(page, 'console-reset-propose');
  await page.goto(`${server.home}#/admin/users`);
  const search = page.getByRole('searchbox', { name: 'Account number, email or mobile' });
  await search.fill(user.email);
  await search.press('Enter');
  await page.getByRole('row').filter({ hasText: user.user.account_number }).click();
  const detail = page.getByRole('region', { name: `User ${user.user.account_number}` });
  await detail.getByText('Protections').waitFor();
  // The protections arrive after the heading: wait for the row, then count it.
  await detail.getByText('Authenticator app', { exact: true }).waitFor();
  await expect(detail.getByText('Authenticator app', { exact: true }).count()).resolves.toBe(1);
  await detail.getByRole('combobox', { name: 'Reset second factor' }).selectOption('totp');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill('Lost phone; identity checked by video call');
  await dialog.getByRole('button', { name: 'Propose' }).click();
  await dialog.waitFor({ state: 'detached' });
  await detail.getByText('You proposed it: another administrator approves.').waitFor();
  await expect(detail.getByRole('button', { name: 'Approve', exact: true }).count()).resolves.toBe(0);
  await proposing.close();

  // The section of waiting proposals, in every language.
  for (const lang of LOCALES) {
    const context = await consoleAs(second, lang);
    const p = await context.newPage();
    screenshotOnFailure(p, `console-reset-${lang}`);
    await p.goto(`${server.home}#/admin/factor-resets`);
    await p.getByRole('heading', { name: TITLES[lang] }).waitFor();
    await p
      .getByRole('row')
      .filter({ hasText: `#${user.user.id}` })
      .waitFor();
    await context.close();
  }

  // The second admin approves it: the app is gone.
  const approving = await consoleAs(second, 'en');
  const page2 = await approving.newPage();
  screenshotOnFailure(page2, 'console-reset-approve');
  await page2.goto(`${server.home}#/admin/factor-resets`);
  const row = page2.getByRole('row').filter({ hasText: `#${user.user.id}` });
  await row.getByRole('button', { name: 'Approve', exact: true }).click();
  await page2.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await page2.getByText('No reset proposals.').waitFor();
  const view = await ok<sc.Protections>(call(t, sc.protections, { id: user.user.id }, { token: second.token }));
  expect(view.totp.enabled).toBe(false);
  expect(view.resets[0]).toMatchObject({ state: 'applied', proposed_by: first.user.id, decided_by: second.user.id });
  await approving.close();
});
