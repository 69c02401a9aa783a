import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appInBrowser } from './support/session';

/**
 * The notification centre is the server's inbox: a user who never turned push on (no permission,
 * no subscription) still finds every notice there, and what they read on one device is read on
 * every other.
 */
const e2e = appInBrowser();
const { api } = e2e;

const CENTRE = '/pages/setting/setting?view=notifications';

interface Listed {
  data: { id: number; pay_type: number | null; buy_status: number | null; currency_name: string }[];
}

const unread = async (token: string) => (await api<{ total: number }>('/notice/unread', { token })).total;

async function inCentre(page: Page) {
  const item = page.getByTestId('notifications').getByRole('button').filter({ hasText: 'Purchase complete' });
  await item.waitFor({ timeout: 30_000 });
  return item;
}

test('without push, a notice is listed in the centre, read on one device and shown read on another', async () => {
  const session = await e2e.signUp('inbox');
  await e2e.fund(session, '3', '2000', 'change');
  // A purchase at a fixed price: the server tells the buyer in the inbox.
  const list = await api<Listed>('/bind_box/getBoxList', { query: 'pay_type=1&limit=100' });
  const art = list.data.find((a) => a.buy_status === 0 && a.currency_name === 'USDT');
  expect(art).toBeDefined();
  await api('/bind_box/buyNFT', { body: { id: String(art!.id) }, token: session.token });
  const before = await unread(session.token);
  expect(before).toBeGreaterThanOrEqual(1);

  const first = await e2e.openSignedIn(session, CENTRE, 'inbox-first');
  await expect(first.evaluate(() => Notification.permission)).resolves.not.toBe('granted');
  const item = await inCentre(first);
  await expect(item.getAttribute('data-read')).resolves.toBe('false');
  await item.click();
  await expect.poll(() => unread(session.token), { timeout: 30_000 }).toBe(before - 1);

  // A second device (another browser context) lists the same notice as read.
  const second = await e2e.openSignedIn(session, CENTRE, 'inbox-second');
  await expect.poll(async () => (await inCentre(second)).getAttribute('data-read'), { timeout: 30_000 }).toBe('true');
  await first.context().close();
  await second.context().close();
});
