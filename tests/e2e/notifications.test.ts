import { expect, test } from 'vitest';
import type { PushPrefs, PushSubscriptionView } from '../../contract/push';
import { appInBrowser } from './support/session';
import {
  deliverPush,
  grantNotifications,
  pushPayload,
  readNotifications,
  shownNotifications,
  stubPushService,
} from './support/push';

const e2e = appInBrowser();
const { api } = e2e;

const CENTRE = '/pages/setting/setting?view=notifications';

test('a push reaches the worker through CDP: shown with its actions, stored once, listed unread; a tap marks it read and opens its route; readable offline', async () => {
  const session = await e2e.signUp('push');
  const page = await e2e.openSignedIn(session, CENTRE, 'notifications-centre');
  await grantNotifications(page.context(), e2e.app.url);
  await page.getByText('No notifications yet').waitFor({ timeout: 30_000 });

  const reviewed = pushPayload({
    id: 'wallet.reviewed:1:41',
    type: 'wallet.reviewed',
    category: 'wallet',
    title: 'Withdrawal approved',
    body: '100 USDT is on its way.',
    route: '/pages/fund/receive_withdraw_record',
    tag: 'withdrawal-41',
    created_at: Date.now() - 60_000,
  });
  const outbid = pushPayload({
    id: 'auction.outbid:1:7',
    type: 'auction.outbid',
    category: 'auction',
    title: 'You have been outbid',
    body: 'Sunrise: the bid is now 120 USDT.',
    route: '/pages/nft/artworkDetail?id=3',
    tag: 'outbid-3',
    actions: [{ action: 'bid', title: 'Bid again', route: '/pages/nft/artworkDetail?id=3' }],
  });
  await deliverPush(page, reviewed);
  await deliverPush(page, outbid);
  // At-least-once delivery: the same event again is not a second notification.
  await deliverPush(page, outbid);

  // The open centre follows the store live, newest first, both unread.
  const items = page.getByTestId('notifications').getByRole('button');
  await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(2);
  await expect(items.nth(0).getByRole('heading').textContent()).resolves.toBe('You have been outbid');
  await expect(items.nth(1).getByRole('heading').textContent()).resolves.toBe('Withdrawal approved');
  await expect(page.getByTestId(`notification-${reviewed.id}`).getAttribute('data-read')).resolves.toBe('false');
  await page.getByTestId(`notification-${outbid.id}`).getByText('NFT auctions').waitFor();

  const stored = await readNotifications(page);
  expect(stored.map((n) => n.id).sort()).toEqual([outbid.id, reviewed.id].sort());
  expect(stored.find((n) => n.id === outbid.id)).toMatchObject({ read: 0, tag: 'outbid-3', category: 'auction' });

  // The worker stores a push before it shows it: on a loaded machine the shown one comes later.
  await expect
    .poll(async () => (await shownNotifications(page)).some((n) => n.tag === 'outbid-3'), { timeout: 30_000 })
    .toBe(true);
  const shown = await shownNotifications(page);
  const shownOutbid = shown.find((n) => n.tag === 'outbid-3');
  expect(shownOutbid).toMatchObject({ title: 'You have been outbid', body: 'Sunrise: the bid is now 120 USDT.' });
  expect(shownOutbid?.icon).toMatch(/\/h5\/icons\/icon-192\.png$/);
  expect(shownOutbid?.actions).toEqual(['bid']);
  expect(shown.filter((n) => n.tag === 'outbid-3')).toHaveLength(1);

  // A tap marks it read and opens its route.
  await page.getByTestId(`notification-${reviewed.id}`).click();
  await page.waitForURL(/#\/pages\/fund\/receive_withdraw_record$/, { timeout: 30_000 });
  await page.goBack();
  await expect
    .poll(() => page.getByTestId(`notification-${reviewed.id}`).getAttribute('data-read'), { timeout: 30_000 })
    .toBe('true');
  await expect(page.getByTestId(`notification-${outbid.id}`).getAttribute('data-read')).resolves.toBe('false');

  // Read all; the assets page's bell then shows no unread count.
  await page.getByTestId('notifications-read-all').click();
  await expect
    .poll(async () => (await readNotifications(page)).filter((n) => n.read === 0).length, { timeout: 30_000 })
    .toBe(0);
  await expect(page.getByTestId(`notification-${outbid.id}`).getAttribute('data-read')).resolves.toBe('true');

  // Offline: the centre reads what this device stored.
  await page.context().setOffline(true);
  await page.reload();
  await page.getByTestId(`notification-${outbid.id}`).waitFor({ timeout: 30_000 });
  await page.getByTestId(`notification-${reviewed.id}`).waitFor();
  await page.context().setOffline(false);
  await page.context().close();
});

test('the assets page bell shows the unread count and opens the centre; settings lead to it too', async () => {
  const session = await e2e.signUp('bell');
  const page = await e2e.openSignedIn(session, '/pages/fund/assets', 'notifications-bell');
  await grantNotifications(page.context(), e2e.app.url);
  const bell = page.getByTestId('notification-bell');
  await bell.waitFor({ timeout: 30_000 });
  await deliverPush(page, pushPayload({ id: 'system.announcement:9' }));
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 30_000 });
  await bell.click();
  await page.waitForURL(/#\/pages\/setting\/setting\?view=notifications$/);
  await page.getByTestId('notification-system.announcement:9').waitFor();

  await page.goto(`${e2e.app.home}#/pages/setting/setting`);
  await page.getByTestId('entry-notifications').getByText('1').waitFor({ timeout: 30_000 });
  await page.getByTestId('entry-notifications').click();
  await page.getByTestId('notification-system.announcement:9').click();
  // The announcement's route is home.
  await page.waitForURL(/#\/$/, { timeout: 30_000 });
  await page.context().close();
});

test('permission is never asked on first load; from the settings it is, and this device subscribes with the UI language; categories sync with the server', async () => {
  const session = await e2e.signUp('permission');
  const page = await e2e.openSignedIn(session, '/', 'notifications-permission');
  await stubPushService(page.context());
  await page.addInitScript(() => {
    const ask = Notification.requestPermission.bind(Notification);
    (window as unknown as { permissionAsks: number }).permissionAsks = 0;
    Notification.requestPermission = (...args) => {
      (window as unknown as { permissionAsks: number }).permissionAsks += 1;
      return ask(...args);
    };
  });
  await page.reload();
  await page.getByRole('navigation').getByRole('button', { name: 'Market' }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).resolves.toBe(0);
  await expect(page.evaluate(() => Notification.permission)).resolves.toBe('default');

  await page.goto(`${e2e.app.home}#/pages/setting/setting`);
  await page.getByTestId('entry-notification-settings').click();
  const enable = page.getByTestId('push-enable');
  await enable.waitFor({ timeout: 30_000 });
  await expect(page.getByTestId('push-device-state').textContent()).resolves.toMatch(/^Turn on notifications to hear/);

  // The user allows it when the browser asks.
  await grantNotifications(page.context(), e2e.app.url);
  await enable.click();
  await expect(page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).resolves.toBe(1);
  await expect
    .poll(() => api<PushSubscriptionView[]>('/push/subscriptions', { token: session.token }), { timeout: 30_000 })
    .toHaveLength(1);
  const [subscription] = await api<PushSubscriptionView[]>('/push/subscriptions', { token: session.token });
  expect(subscription?.locale).toBe('en');
  await expect
    .poll(() => page.getByTestId('push-device-state').textContent(), { timeout: 30_000 })
    .toBe('This device receives notifications.');

  // A category switch is saved on the server.
  const auctions = page.getByTestId('push-pref-auction');
  await expect(auctions.getAttribute('aria-checked')).resolves.toBe('true');
  await auctions.click();
  await expect
    .poll(async () => (await api<PushPrefs>('/push/prefs', { token: session.token })).auction, { timeout: 30_000 })
    .toBe(false);
  // The switch shows the server's answer once it is in the device's cache, a moment after the server has it.
  await expect.poll(() => auctions.getAttribute('aria-checked'), { timeout: 30_000 }).toBe('false');

  // Turned off on this device: the server forgets the subscription.
  await page.getByTestId('push-device-switch').click();
  await expect
    .poll(() => api<PushSubscriptionView[]>('/push/subscriptions', { token: session.token }), { timeout: 30_000 })
    .toHaveLength(0);
  await page.context().close();
});
