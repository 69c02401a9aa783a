import sharp from 'sharp';
import { afterAll, beforeAll, expect, onTestFailed, test } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { userInfo, type User } from '../../contract/auth';
import { ok } from '../../server/src/testing/fund';
import { PHONE, launch, screenshotOnFailure, waitForActiveServiceWorker } from './support/browser';
import { newUser, signInBrowser, startWalletServer, type Session, type WalletServer } from './wallet-setup';

let server: WalletServer;
let browser: Browser;
let photo: Buffer;

beforeAll(async () => {
  server = await startWalletServer();
  browser = await launch();
  // A landscape "photo": the cropper frames a square of it.
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 220 } } })
    .png()
    .toBuffer();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function profilePage(session: Session, name: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(PHONE);
  await signInBrowser(context, session);
  const page = await context.newPage();
  screenshotOnFailure(page, name);
  const consoleLines: string[] = [];
  page.on('console', (m) => void consoleLines.push(`${m.type()}: ${m.text()}`));
  onTestFailed(() => console.log(`[${name}] page console:\n${consoleLines.join('\n')}`));
  await page.goto(`${server.home}#/pages/setting/userInfo`);
  await page.getByTestId('profile-avatar').waitFor();
  return { context, page };
}

/** Picks the photo from the album and accepts the cropper's square. */
async function chooseAvatar(page: Page) {
  await page.getByLabel('Choose from album').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  const cropper = page.getByRole('dialog', { name: 'Crop your avatar' });
  await cropper.getByTestId('avatar-cropper').locator('img').waitFor();
  await cropper.getByRole('button', { name: 'Use this photo' }).click();
  await cropper.waitFor({ state: 'hidden' });
}

const serverUser = (s: Session) => ok<User>(server.t.call(userInfo, {}, { token: s.token }));
const avatarSrc = (page: Page) => page.getByTestId('avatar-image').getAttribute('src');

/** The avatar the server serves: a square WebP. */
async function servedAvatar(path: string) {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status).toBe(200);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

test('an avatar chosen online is cropped, uploaded and shown from the server', async () => {
  const session = await newUser(server);
  const { context, page } = await profilePage(session, 'profile-online');
  await chooseAvatar(page);
  await expect.poll(() => avatarSrc(page), { timeout: 15_000 }).toMatch(/^\/api\/avatar\/[a-f0-9]{32}\.webp$/);
  const stored = (await serverUser(session)).head_portrait;
  expect(await avatarSrc(page)).toBe(stored);
  expect(await servedAvatar(stored)).toEqual({ format: 'webp', width: 256, height: 256 });
  // The picture really loaded in the page.
  await expect
    .poll(() => page.getByTestId('avatar-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(256);
  await context.close();
});

test('an avatar chosen offline shows at once as waiting, and Background Sync sends it when back online', async () => {
  const session = await newUser(server);
  const { context, page } = await profilePage(session, 'profile-offline');
  await waitForActiveServiceWorker(page);

  await context.setOffline(true);
  await chooseAvatar(page);
  await page.getByTestId('avatar-waiting').waitFor();
  expect(await page.getByTestId('profile-avatar').getAttribute('data-state')).toBe('waiting');
  expect(await avatarSrc(page)).toMatch(/^blob:/);
  expect((await serverUser(session)).head_portrait).toBe('');

  // Back online: replay through the service worker's sync event, as the browser would.
  await context.setOffline(false);
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
        const live = e.registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      },
    );
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registrations;
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: server.url,
    registrationId,
    tag: 'outbox',
    lastChance: false,
  });

  await expect
    .poll(async () => (await serverUser(session)).head_portrait, { timeout: 15_000 })
    .toMatch(/^\/api\/avatar\//);
  const stored = (await serverUser(session)).head_portrait;
  // The local copy gives way to the server's avatar.
  await expect.poll(() => avatarSrc(page), { timeout: 15_000 }).toBe(stored);
  await page.getByTestId('avatar-waiting').waitFor({ state: 'detached' });
  expect(await page.getByTestId('profile-avatar').getAttribute('data-state')).toBe('current');
  expect(await servedAvatar(stored)).toEqual({ format: 'webp', width: 256, height: 256 });
  await context.close();
});

test('nickname rules are checked with localized messages, and a valid nickname is saved', async () => {
  const session = await newUser(server);
  const { context, page } = await profilePage(session, 'profile-nickname');
  const NICKNAME_RULE = 'Nickname must be 2 to 10 Chinese characters, English letters or digits';
  const open = async (label: string) => {
    await page.getByText(label, { exact: true }).first().click();
    return page.getByRole('dialog', { name: label });
  };
  /** Saves `value` until `done` shows: repeated taps within 500 ms are ignored by design. */
  const saveUntil = async (sheet: Locator, value: string, save: string, done: Locator) => {
    await sheet.getByRole('textbox').fill(value);
    await expect
      .poll(async () => {
        if ((await done.count()) === 0) await sheet.getByRole('button', { name: save }).click();
        return done.count();
      })
      .toBe(1);
  };
  let sheet = await open('Nickname');
  const refusal = (text: string) => sheet.getByRole('alert').getByText(text);
  await saveUntil(sheet, 'a', 'Save', refusal(NICKNAME_RULE));
  await sheet.getByRole('textbox').fill('');
  await saveUntil(sheet, 'bad name!', 'Save', refusal(NICKNAME_RULE));
  await saveUntil(sheet, 'Satoshi21', 'Save', page.getByTestId('profile-nickname').getByText('Satoshi21'));
  await sheet.waitFor({ state: 'hidden' });
  await expect.poll(() => page.getByTestId('profile-nickname').textContent()).toBe('Satoshi21');
  expect((await serverUser(session)).nickname).toBe('Satoshi21');

  // The same rule in French.
  await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('fra')));
  await page.reload();
  await page.getByTestId('profile-avatar').waitFor();
  sheet = await open('Pseudo');
  await saveUntil(
    sheet,
    'x',
    'Enregistrer',
    refusal('Le pseudo doit comporter 2 à 10 caractères chinois, lettres latines ou chiffres'),
  );
  expect((await serverUser(session)).nickname).toBe('Satoshi21');
  await context.close();
});
