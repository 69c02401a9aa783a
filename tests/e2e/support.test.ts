import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import * as support from '../../contract/support';
import { buildIfNeeded, distDir } from '../../scripts/build.mjs';
import { users } from '../../server/src/db/schema/index';
import { call, ok } from '../../server/src/testing/fund';
import { registerUser } from '../../server/src/testing/accounts';
import { createTestApp, type TestApp } from '../../server/src/testing/app';
import { openPgliteFromTemplate } from '../../server/src/testing/template';
import { THROTTLE_MS } from '../../src/lib/throttle';
import { PHONE, launch, screenshotOnFailure } from './support/browser';
import { signInBrowser, type Session } from './wallet-setup';

/*
 * Customer service end to end: a user writes from the customer-service page, a support agent
 * answers from the console (`#/admin/support`), and the user sees the unread count on the
 * floating button and the answers live, without reloading.
 */

let t: TestApp;
let close: () => Promise<void>;
let home = '';
let browser: Browser;

beforeAll(async () => {
  await buildIfNeeded();
  const database = await openPgliteFromTemplate();
  await database.migrate();
  t = await createTestApp(database, { distDir, config: { mode: 'demo' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  home = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/h5/`;
  close = async () => {
    await t.close();
    await database.close();
  };
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await close?.();
});

async function open(session: Session, path: string, name: string, viewport = PHONE) {
  const context = await browser.newContext(viewport);
  await signInBrowser(context, session);
  const page = await context.newPage();
  screenshotOnFailure(page, name);
  await page.goto(`${home}#${path}`);
  return page;
}

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

const staffMessages = (page: Page) => page.getByTestId('support-staff-message');

test('a user writes to customer service, support answers from the console, the user sees it live', async () => {
  const user = await registerUser(t);
  const agent = await registerUser(t);
  await t.app.ctx.db.update(users).set({ role: 'support' }).where(eq(users.id, agent.user.id));

  const phone = await open(user, '/pages/kefu/index', 'support-user');
  await phone.getByRole('textbox', { name: 'Describe your question' }).fill('Hello, where is my deposit?');
  await phone.getByTestId('composer-send').click();
  await expect
    .poll(() => phone.getByTestId('support-user-message').allInnerTexts())
    .toEqual([expect.stringContaining('Hello, where is my deposit?')]);

  // Back home: the floating button loads after the first screen and listens for answers.
  await phone.goto(`${home}#/`);
  await phone.getByTestId('support-fab').waitFor();
  await expect.poll(() => phone.getByTestId('support-fab-unread').count()).toBe(0);

  const console_ = await open(agent, '/admin/support', 'support-console', DESKTOP);
  await console_.getByTestId('support-conversation-row').first().click({ timeout: 30_000 });
  await expect
    .poll(() => console_.getByTestId('support-thread-message').allInnerTexts())
    .toEqual(['Hello, where is my deposit?']);
  await console_.getByTestId('support-reply-input').fill('It arrived 5 minutes ago. Anything else?');
  await console_.getByTestId('support-reply-send').click();
  const firstAnswerAt = Date.now();

  // Live: the unread count appears on the floating button without a reload.
  await expect.poll(() => phone.getByTestId('support-fab-unread').textContent(), { timeout: 20_000 }).toBe('1');
  // Home's notice popup (demo content, shown once) may lie over the page: tap the button itself.
  await phone.getByTestId('support-fab').dispatchEvent('click');
  await expect
    .poll(() => staffMessages(phone).allInnerTexts())
    .toEqual([expect.stringContaining('It arrived 5 minutes ago. Anything else?')]);
  // Reading the conversation read the answer.
  await expect
    .poll(async () => (await ok<{ unread: number }>(call(t, support.supportUnread, {}, { token: user.token }))).unread)
    .toBe(0);

  // A second answer arrives live while the conversation is open. A form ignores a second tap
  // within 500 ms of the first (SPEC.md section 9), and the steps above can take less than that.
  await sleep(Math.max(0, THROTTLE_MS + 100 - (Date.now() - firstAnswerAt)));
  await console_.getByTestId('support-reply-input').fill('Have a nice day!');
  await console_.getByTestId('support-reply-send').click();
  await expect.poll(() => staffMessages(phone).count(), { timeout: 20_000 }).toBe(2);
  await expect.poll(() => staffMessages(phone).last().innerText()).toContain('Have a nice day!');

  await phone.context().close();
  await console_.context().close();
}, 180_000);
