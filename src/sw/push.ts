import { pushPayloadSchema } from '@contract/push';
import type { AppDatabase, NotificationAction, NotificationRow } from '../lib/db/schema';
import { getNotification, markNotificationRead, storeNotification, unreadCount } from '../lib/db/notifications';

/**
 * Web push in the worker: `push` stores the notification in Dexie (once per id: delivery is at
 * least once) and shows it; `notificationclick` marks it read and brings the app to its route in
 * an open window, or opens one. The app badge shows the unread count where the Badging API exists.
 */

/** An in-app hash route: `/` or `/pages/<group>/<page>` with an optional plain query. */
const ROUTE = /^\/(pages\/[A-Za-z0-9_]+(\/[A-Za-z0-9_]+)+)?(\?[A-Za-z0-9_\-.=&%]*)?$/;
const safeRoute = (r: string | undefined) => (r !== undefined && ROUTE.test(r) ? r : undefined);

/** The payload as a stored row, or undefined when it is not one of ours. */
export function parsePushPayload(data: unknown, now: number): NotificationRow | undefined {
  const parsed = pushPayloadSchema.safeParse(data);
  if (!parsed.success) return undefined;
  const p = parsed.data;
  const route = safeRoute(p.route);
  // At most two buttons show on most platforms; an action with an unsafe route opens the notification's.
  const actions: NotificationAction[] = p.actions.slice(0, 2).map((a) => {
    const to = safeRoute(a.route);
    return to ? { action: a.action, title: a.title, route: to } : { action: a.action, title: a.title };
  });
  return {
    id: p.id,
    category: p.category,
    title: p.title,
    body: p.body,
    ...(route ? { route } : {}),
    ...(p.tag ? { tag: p.tag } : {}),
    actions,
    createdAt: p.created_at || now,
    receivedAt: now,
    read: 0,
  };
}

/** What the handlers use of the worker, so tests can pass their own. */
export interface PushDeps {
  db: AppDatabase;
  registration: Pick<ServiceWorkerRegistration, 'scope' | 'showNotification'>;
  clients: Pick<Clients, 'matchAll' | 'openWindow'>;
  /** The worker's navigator; the Badging API may be missing. */
  navigator: Partial<Pick<WorkerNavigator, 'setAppBadge' | 'clearAppBadge'>>;
  now?: () => number;
}

/** What a shown notification carries for the click handler. */
interface NotificationData {
  id: string;
  route?: string;
  actions: NotificationAction[];
}

/** Sets the app badge to the unread count (cleared at zero) where the Badging API exists. */
export async function updateBadge(deps: Pick<PushDeps, 'db' | 'navigator'>): Promise<void> {
  const { setAppBadge, clearAppBadge } = deps.navigator;
  if (!setAppBadge) return;
  const unread = await unreadCount(deps.db);
  if (unread === 0 && clearAppBadge) await clearAppBadge.call(deps.navigator);
  else await setAppBadge.call(deps.navigator, unread);
}

function readPushData(event: { data: PushMessageData | null }): unknown {
  if (!event.data) return undefined;
  try {
    return event.data.json();
  } catch (error) {
    console.warn('push: payload is not JSON', error);
    return undefined;
  }
}

/**
 * Handles one push payload. A new notification is stored and shown; a repeat of an id already
 * stored is shown again only while unread (same tag, so it replaces itself), never stored twice.
 */
export async function handlePush(deps: PushDeps, data: unknown): Promise<void> {
  const now = deps.now?.() ?? Date.now();
  const row = parsePushPayload(data, now);
  if (!row) {
    console.warn('push: payload not understood', data);
    return;
  }
  const isNew = await storeNotification(deps.db, row);
  const stored = isNew ? row : await getNotification(deps.db, row.id);
  if (stored && stored.read === 0) {
    const base = deps.registration.scope;
    const payload: NotificationData = { id: stored.id, route: stored.route, actions: stored.actions };
    const options: NotificationOptions & { actions?: Array<{ action: string; title: string }> } = {
      body: stored.body,
      icon: new URL('icons/icon-192.png', base).href,
      badge: new URL('icons/icon-192.png', base).href,
      tag: stored.tag ?? stored.id,
      data: payload,
      timestamp: stored.createdAt,
      actions: stored.actions.map((a) => ({ action: a.action, title: a.title })),
    } as NotificationOptions;
    await deps.registration.showNotification(stored.title, options);
  }
  await updateBadge(deps);
}

/** The route a click opens: the action's own route, else the notification's, else the centre. */
export function clickRoute(data: unknown, action: string): string {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Partial<NotificationData>;
  const chosen = action && Array.isArray(d.actions) ? d.actions.find((a) => a.action === action) : undefined;
  const target = chosen?.route ?? d.route;
  return typeof target === 'string' && ROUTE.test(target) ? target : NOTIFICATION_CENTRE_ROUTE;
}

/** The notification centre: the settings page's `notifications` view (see server/src/push/README.md). */
export const NOTIFICATION_CENTRE_ROUTE = '/pages/setting/setting?view=notifications';

/**
 * A click (on the notification or one of its actions): marks it read, then focuses an open
 * window of the app and takes it to the route, or opens a new window there.
 */
export async function handleNotificationClick(
  deps: PushDeps,
  notification: Pick<Notification, 'data' | 'close'>,
  action: string,
): Promise<void> {
  notification.close();
  const target = clickRoute(notification.data, action);
  const url = new URL(`#${target}`, deps.registration.scope).href;
  const windows = (await deps.clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowClient[];
  const open = windows.find((w) => w.url.startsWith(deps.registration.scope));
  const opening = open ? focusAndNavigate(deps, open, url) : deps.clients.openWindow(url);
  const id = (notification.data as Partial<NotificationData> | null)?.id;
  await Promise.all([
    opening,
    typeof id === 'string' ? markNotificationRead(deps.db, id).then(() => updateBadge(deps)) : undefined,
  ]);
}

async function focusAndNavigate(deps: PushDeps, client: WindowClient, url: string): Promise<void> {
  const focused = await client.focus();
  try {
    await focused.navigate(url);
  } catch (error) {
    // `navigate` works only on pages this worker controls (not the first page before it installed).
    console.warn('push: could not navigate the open window, opening a new one', error);
    await deps.clients.openWindow(url);
  }
}

export function setupPush(sw: ServiceWorkerGlobalScope, db: AppDatabase): void {
  const deps = (): PushDeps => ({ db, registration: sw.registration, clients: sw.clients, navigator: sw.navigator });
  sw.addEventListener('push', (event) => {
    event.waitUntil(handlePush(deps(), readPushData(event)));
  });
  sw.addEventListener('notificationclick', (event) => {
    event.waitUntil(handleNotificationClick(deps(), event.notification, event.action));
  });
}
