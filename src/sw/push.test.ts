import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type AppDatabase } from '../lib/db/schema';
import { listNotifications, markAllNotificationsRead, unreadCount } from '../lib/db/notifications';
import {
  clickRoute,
  handleNotificationClick,
  handlePush,
  NOTIFICATION_CENTRE_ROUTE,
  parsePushPayload,
  type PushDeps,
} from './push';

const SCOPE = 'https://app.example/h5/';

let db: AppDatabase;
let n = 0;

beforeEach(async () => {
  db = openDatabase(`push-test-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

function fakeWindow(url: string, navigateFails = false): FakeWindow {
  const win: FakeWindow = {
    url,
    focus: vi.fn(async () => win),
    navigate: vi.fn(async (to: string) => {
      if (navigateFails) throw new TypeError('not controlled');
      win.url = to;
      return win;
    }),
  };
  return win;
}

function deps(windows: FakeWindow[] = [], badging = true) {
  const showNotification = vi.fn(async (_title: string, _options?: NotificationOptions) => undefined);
  const openWindow = vi.fn(async (_url: string) => null);
  const matchAll = vi.fn(async () => windows);
  const setAppBadge = vi.fn(async (_n?: number) => undefined);
  const clearAppBadge = vi.fn(async () => undefined);
  const d = {
    db,
    registration: { scope: SCOPE, showNotification },
    clients: { matchAll, openWindow },
    navigator: badging ? { setAppBadge, clearAppBadge } : {},
    now: () => 1_000,
  } as unknown as PushDeps;
  return { d, showNotification, openWindow, matchAll, setAppBadge, clearAppBadge };
}

const outbid = {
  id: 'n-1',
  type: 'auction.outbid',
  category: 'auction',
  title: 'You have been outbid',
  body: 'Sunrise #3: the bid is now 120 USDT',
  route: '/pages/nft/artworkDetail?id=3',
  tag: 'outbid-3',
  actions: [{ action: 'bid', title: 'Bid again', route: '/pages/nft/artworkDetail?id=3&bid=1' }],
  created_at: 900,
};

describe('push', () => {
  it('stores the notification and shows it with icon, badge, tag and actions; the badge counts it', async () => {
    const { d, showNotification, setAppBadge } = deps();
    await handlePush(d, outbid);
    const rows = await listNotifications(db);
    expect(rows).toEqual([
      {
        id: 'n-1',
        category: 'auction',
        title: 'You have been outbid',
        body: 'Sunrise #3: the bid is now 120 USDT',
        route: '/pages/nft/artworkDetail?id=3',
        tag: 'outbid-3',
        actions: [{ action: 'bid', title: 'Bid again', route: '/pages/nft/artworkDetail?id=3&bid=1' }],
        createdAt: 900,
        receivedAt: 1_000,
        read: 0,
      },
    ]);
    expect(showNotification).toHaveBeenCalledTimes(1);
    const [title, options] = showNotification.mock.calls[0]!;
    expect(title).toBe('You have been outbid');
    expect(options).toMatchObject({
      body: 'Sunrise #3: the bid is now 120 USDT',
      icon: `${SCOPE}icons/icon-192.png`,
      badge: `${SCOPE}icons/icon-192.png`,
      tag: 'outbid-3',
      actions: [{ action: 'bid', title: 'Bid again' }],
      data: { id: 'n-1', route: '/pages/nft/artworkDetail?id=3' },
    });
    expect(setAppBadge).toHaveBeenLastCalledWith(1);
  });

  it('keeps one row per id: a repeat is shown again while unread, not after it was read', async () => {
    const { d, showNotification } = deps();
    await handlePush(d, outbid);
    await handlePush(d, { ...outbid, title: 'changed' });
    expect(await db.notifications.count()).toBe(1);
    expect((await listNotifications(db))[0]!.title).toBe('You have been outbid');
    expect(showNotification).toHaveBeenCalledTimes(2);
    expect(showNotification.mock.calls[1]![0]).toBe('You have been outbid');
    await markAllNotificationsRead(db);
    await handlePush(d, outbid);
    expect(showNotification).toHaveBeenCalledTimes(2);
    expect(await db.notifications.count()).toBe(1);
  });

  it('uses the id as the tag when it is empty, and the arrival time when created_at is 0', async () => {
    const { d, showNotification } = deps();
    const notice = { ...outbid, id: '7', type: 'system.announcement', category: 'system', tag: '', actions: [] };
    await handlePush(d, { ...notice, created_at: 0 });
    expect(showNotification.mock.calls[0]![1]).toMatchObject({ tag: '7', actions: [] });
    expect((await listNotifications(db))[0]).toMatchObject({ id: '7', category: 'system', createdAt: 1_000 });
  });

  it('ignores what is not a notification payload', async () => {
    const { d, showNotification, setAppBadge } = deps();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await handlePush(d, undefined);
    await handlePush(d, { title: 'no id' });
    await handlePush(d, 'text');
    await handlePush(d, { ...outbid, category: 'unknown' });
    expect(await db.notifications.count()).toBe(0);
    expect(showNotification).not.toHaveBeenCalled();
    expect(setAppBadge).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(4);
    warn.mockRestore();
  });

  it('drops routes that are not in-app hash routes', () => {
    for (const bad of ['https://evil.example/', '//evil.example', '/pages/../x', 'javascript:alert(1)', '/pages/a b']) {
      const row = parsePushPayload(
        { ...outbid, route: bad, actions: [{ action: 'bid', title: 'Bid', route: bad }] },
        1,
      );
      expect(row?.route).toBeUndefined();
      expect(row?.actions).toEqual([{ action: 'bid', title: 'Bid' }]);
    }
    expect(parsePushPayload({ ...outbid, route: '/' }, 1)?.route).toBe('/');
  });

  it('works without the Badging API', async () => {
    const { d, showNotification } = deps([], false);
    await handlePush(d, outbid);
    expect(showNotification).toHaveBeenCalledTimes(1);
    expect(await unreadCount(db)).toBe(1);
  });
});

describe('notificationclick', () => {
  const shown = (data: unknown) => ({ data, close: vi.fn() });

  it('an action opens its own route, marks the notification read and clears the badge', async () => {
    const { d, clearAppBadge } = deps();
    await handlePush(d, outbid);
    const win = fakeWindow(`${SCOPE}#/pages/market/market`);
    const click = deps([win]);
    const notification = shown({ id: 'n-1', route: outbid.route, actions: outbid.actions });
    await handleNotificationClick(click.d, notification, 'bid');
    expect(notification.close).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
    expect(win.navigate).toHaveBeenCalledWith(`${SCOPE}#/pages/nft/artworkDetail?id=3&bid=1`);
    expect(click.openWindow).not.toHaveBeenCalled();
    expect(await unreadCount(db)).toBe(0);
    expect(click.clearAppBadge).toHaveBeenCalled();
    expect(clearAppBadge).not.toHaveBeenCalled();
  });

  it('the body opens the notification route in a new window when none is open', async () => {
    const { d, openWindow } = deps([fakeWindow('https://other.example/')]);
    await handleNotificationClick(d, shown({ id: 'x', route: outbid.route, actions: [] }), '');
    expect(openWindow).toHaveBeenCalledWith(`${SCOPE}#/pages/nft/artworkDetail?id=3`);
  });

  it('opens a new window when the open one cannot be navigated (not controlled yet)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const win = fakeWindow(`${SCOPE}#/`, true);
    const { d, openWindow } = deps([win]);
    await handleNotificationClick(d, shown({ id: 'x', route: '/pages/fund/assets', actions: [] }), '');
    expect(win.focus).toHaveBeenCalled();
    expect(openWindow).toHaveBeenCalledWith(`${SCOPE}#/pages/fund/assets`);
    warn.mockRestore();
  });

  it('without a usable route a click opens the notification centre', () => {
    expect(clickRoute({ id: 'x' }, '')).toBe(NOTIFICATION_CENTRE_ROUTE);
    expect(clickRoute({ id: 'x', route: 'https://evil.example/' }, '')).toBe(NOTIFICATION_CENTRE_ROUTE);
    expect(clickRoute(null, 'pay')).toBe(NOTIFICATION_CENTRE_ROUTE);
    expect(clickRoute({ route: '/pages/nft/myNft', actions: [{ action: 'pay', title: 'Pay now' }] }, 'pay')).toBe(
      '/pages/nft/myNft',
    );
  });
});
