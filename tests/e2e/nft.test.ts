import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PushEvent } from '../../contract/push';
import { buildIfNeeded, distDir } from '../../scripts/build.mjs';
import { buildApp } from '../../server/src/app';
import type { Database } from '../../server/src/db/client';
import { pushOutbox } from '../../server/src/db/schema';
import { payloadOf } from '../../server/src/testing/push-texts';
import { RELAXED_LIMITS } from '../../server/src/testing/app';
import { testConfig } from '../../server/src/testing/config';
import { openPgliteFromTemplate } from '../../server/src/testing/template';
import { PHONE, launch, screenshotOnFailure, waitForActiveServiceWorker } from './support/browser';
import { latestCode } from './support/mailbox';
import { deliverPush, grantNotifications, shownNotifications, stubPushService } from './support/push';

/*
 * Two users bid on a demo auction; the outbid one has turned notifications on after the bid and
 * receives the server's "outbid" push; the server's clock then passes the end (the real server,
 * whose clock this test moves forward: the scheduler's end sweep runs on its own), and the winner
 * pays on the screens and finds the artwork in "my NFTs".
 */

let offset = 0;
let url = '';
let database: Database;
let browser: Browser;
let close: () => Promise<void>;

beforeAll(async () => {
  await buildIfNeeded();
  const dataDir = await mkdtemp(join(tmpdir(), 'h5-nft-'));
  database = await openPgliteFromTemplate(join(dataDir, 'pglite'));
  await database.migrate();
  const app = await buildApp({
    config: testConfig({ mode: 'demo', dataDir }),
    db: database,
    logger: false,
    validateReplies: true,
    limits: RELAXED_LIMITS,
    distDir,
    now: () => new Date(Date.now() + offset),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  browser = await launch();
  close = async () => {
    await browser.close();
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };
});

afterAll(async () => {
  await close?.();
});

async function api<T>(path: string, body?: Record<string, string>, token?: string, query = ''): Promise<T> {
  const res = await fetch(`${url}/api${path}${query ? `?${query}` : ''}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': randomUUID() } : {}),
      ...(token ? { Authorization: token } : {}),
    },
    body: body ? new URLSearchParams({ ...body, lang: 'en' }) : undefined,
  });
  const reply = (await res.json()) as { type: string; message: T };
  if (reply.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(reply)}`);
  return reply.message;
}

interface Session {
  token: string;
  user: unknown;
}

async function signUp(prefix: string): Promise<Session> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  await api('/sms_mail', { user_string: email, type: 'email', scene: 'register' });
  const code = await latestCode(url, email);
  const password = 'correct horse 1';
  const session = await api<Session>('/user/register', {
    user_string: email,
    code,
    password,
    re_password: password,
    type: 'email',
  });
  await api(
    '/wallet/change',
    { currency_id: '3', number: '1000', from_field: 'legal', to_field: 'change' },
    session.token,
  );
  return session;
}

async function openAs(session: Session, path: string, name: string, push = false): Promise<Page> {
  const context = await browser.newContext(PHONE);
  if (push) await stubPushService(context);
  await context.addInitScript(
    ([token, user]) => {
      if (localStorage.getItem('token') === null) {
        localStorage.setItem('h5Version', '1');
        localStorage.setItem('lang', JSON.stringify('en'));
        localStorage.setItem('token', JSON.stringify(token));
        localStorage.setItem('user', JSON.stringify(user));
      }
    },
    [session.token, session.user] as const,
  );
  const page = await context.newPage();
  screenshotOnFailure(page, name);
  await page.goto(`${url}/h5/#${path}`);
  return page;
}

interface Artwork {
  id: number;
  name: string;
  pay_type: number | null;
  status: string | null;
  price: string | null;
  margin: string | null;
  per_increase: string | null;
  min_bid: string | null;
  end_time: number | null;
  bid_count: number;
}

test('two users bid, the outbid one gets the push, the winner pays after the end and owns the artwork', async () => {
  const [alice, bob] = await Promise.all([signUp('nft-a'), signUp('nft-b')]);
  const list = await api<{ data: Artwork[] }>('/bind_box/getBoxList', undefined, undefined, 'pay_type=2&limit=100');
  const auction = list.data
    .filter((a) => a.status === 'started' && a.bid_count === 0 && a.end_time !== null)
    .sort((a, b) => a.end_time! - b.end_time!)[0];
  expect(auction).toBeDefined();
  const a = auction!;

  // Alice bids the minimum on the bid page, after a confirmation naming the margin held.
  const page = await openAs(alice, `/pages/nft/purchase?id=${a.id}`, 'nft-bid', true);
  await page.getByTestId('nft-min-bid').waitFor({ timeout: 20_000 });
  await expect(page.getByTestId('nft-min-bid').textContent()).resolves.toBe(`${a.min_bid} USDT`);
  await expect(page.getByTestId('nft-bid-price').locator('input').inputValue()).resolves.toBe(a.min_bid);
  await page.getByTestId('nft-place-bid').click();
  const sheet = page.getByRole('dialog', { name: 'Confirm bid' });
  await expect(sheet.getByTestId('confirm-bid-margin').textContent()).resolves.toBe(`${a.margin} USDT`);
  await sheet.getByTestId('confirm-bid').click();
  await page.getByText('Bid placed').first().waitFor({ timeout: 20_000 });

  // After her first bid the app offers notifications; she turns them on.
  const offer = page.getByTestId('push-offer');
  await offer.waitFor({ timeout: 20_000 });
  await grantNotifications(page.context(), url);
  await waitForActiveServiceWorker(page);
  await offer.getByTestId('push-offer-on').click();
  await page.getByText('Notifications are on').waitFor({ timeout: 20_000 });

  // Bob outbids her through the API.
  const after = await api<Artwork>('/bind_box/getBoxDetail', undefined, undefined, `id=${a.id}`);
  const higher = after.min_bid!;
  await api('/bind_box/auctionNFT', { code: String(a.id), price: higher }, bob.token);

  // The server queued an "outbid" push for Alice's device; delivered to her worker, it shows.
  let row: { eventId: string; event: unknown; createdAt: Date } | undefined;
  await expect
    .poll(
      async () => {
        const rows = await database.db
          .select({ eventId: pushOutbox.eventId, event: pushOutbox.event, createdAt: pushOutbox.createdAt })
          .from(pushOutbox)
          .where(eq(pushOutbox.type, 'auction.outbid'));
        row = rows[0];
        return rows.length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await deliverPush(page, payloadOf(row!.eventId, row!.event as PushEvent, 'en', row!.createdAt));
  await expect
    .poll(async () => (await shownNotifications(page)).map((n) => n.title), { timeout: 20_000 })
    .toContain('You have been outbid');
  // The message is in her NFT centre, unread.
  await page.evaluate(() => (location.hash = '#/pages/nft/mine?tab=messages'));
  await page.getByTestId('nft-messages').getByText('You have been outbid').waitFor({ timeout: 20_000 });
  // Title and detail read as separate sentences, and the amount names its currency.
  await expect(page.getByTestId('nft-messages').locator('li').first().innerText()).resolves.toMatch(
    new RegExp(`^You have been outbid\\s+${a.name}: the highest bid is now ${higher} USDT · `),
  );
  await page.getByTestId('nft-message-unread').first().waitFor();

  // The server's clock passes the end; the end sweep makes Bob the winner with an order to pay.
  offset += after.end_time! - Date.now() + 2 * 60_000;
  await expect
    .poll(async () => (await api<{ data: unknown[] }>('/bind_box/getNeedPayNFTOrder', {}, bob.token)).data.length, {
      timeout: 60_000,
    })
    .toBe(1);

  // Before paying, Bob checks the auction's end in the public settlement record: both bids and the
  // outcome, recomputed in the browser from the record alone, and the chain verified there.
  const bobPage = await openAs(bob, '/pages/nft/mine?tab=pay', 'nft-pay');
  await bobPage.getByTestId('nft-order-pay').waitFor({ timeout: 20_000 });
  await bobPage.getByTestId('nft-to-pay').getByTestId('verify-settlement').click();
  await bobPage.waitForURL(/#\/pages\/proof\/record\?ref=nft_auction(%3A|:)\d+$/);
  await expect(bobPage.getByTestId('record-recheck').textContent({ timeout: 20_000 })).resolves.toBe(
    'Recomputed here from these inputs: the outcome matches.',
  );
  await expect(bobPage.getByTestId('field-bids').locator(':scope > li').count()).resolves.toBe(2);
  await bobPage.getByTestId('chain-verify').click();
  await expect(bobPage.getByTestId('chain-verdict').textContent({ timeout: 30_000 })).resolves.toMatch(
    /^All \d+ records link up/,
  );
  // Nothing on the record runs off a 390 px phone.
  const wide = await bobPage.evaluate(() => document.documentElement.scrollWidth);
  expect(wide).toBeLessThanOrEqual(390);
  await bobPage.goBack();

  // Bob pays on the screens: the bid less the margin already held.
  await bobPage.getByTestId('nft-order-pay').waitFor({ timeout: 20_000 });
  await bobPage.getByTestId('nft-order-countdown').waitFor();
  await bobPage.getByTestId('nft-order-pay').click();
  const pay = bobPage.getByRole('dialog', { name: 'Confirm payment' });
  const due = (Number(higher) - Number(a.margin)).toString();
  await expect(pay.getByTestId('confirm-pay-due').textContent()).resolves.toBe(`${due} USDT`);
  await pay.getByTestId('confirm-pay').click();
  await bobPage.getByTestId(`nft-artwork-${a.id}`).waitFor({ timeout: 20_000 });
  expect(await bobPage.getByTestId('nft-mine').getByTestId(`nft-artwork-${a.id}`).count()).toBe(1);

  // Alice's margin was released at the end.
  const wallet = await api<{ available: string; held: string }>(
    '/wallet/detail',
    { currency: '3', type: 'change' },
    alice.token,
  );
  expect(Number(wallet.held)).toBe(0);
});
