import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { PushPayload } from '../../../contract/push';
import { waitForActiveServiceWorker } from './browser';

/**
 * Web push in Chromium for browser tests: grant the permission, deliver a payload to the page's
 * service worker as the push service would (CDP `ServiceWorker.deliverPushMessage`, which needs no
 * push service and no subscription), and read what the worker stored in Dexie.
 */

/** Grants the notification permission to the app's origin (as if the user had allowed it). */
export async function grantNotifications(context: BrowserContext, origin: string): Promise<void> {
  await context.grantPermissions(['notifications'], { origin });
}

interface Registration {
  registrationId: string;
  scopeURL: string;
  isDeleted: boolean;
}

/** The id CDP knows the page's worker registration by (the page's worker must be active). */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: Registration[] }) => {
      const match = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (match) resolve(match.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/**
 * Delivers `payload` (JSON, as the server sends it after decryption) to the worker of `page`'s
 * origin, which handles it as a real `push` event. Resolves once CDP has handed it over; the worker
 * then stores and shows it (wait with `waitForNotification`).
 */
export async function deliverPush(page: Page, payload: PushPayload): Promise<void> {
  await waitForActiveServiceWorker(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope ?? '');
  const cdp = await page.context().newCDPSession(page);
  try {
    const id = await registrationId(cdp, scope);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(scope).origin,
      registrationId: id,
      data: JSON.stringify(payload),
    });
  } finally {
    await cdp.detach();
  }
}

export interface StoredNotification {
  id: string;
  category: string;
  title: string;
  body: string;
  route?: string;
  tag?: string;
  actions: Array<{ action: string; title: string; route?: string }>;
  createdAt: number;
  read: 0 | 1;
}

/** The notifications the worker stored in the app's Dexie database (plain IndexedDB read). */
export function readNotifications(page: Page): Promise<StoredNotification[]> {
  return page.evaluate(
    () =>
      new Promise<StoredNotification[]>((resolve, reject) => {
        const open = indexedDB.open('h5-exchange');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('notifications')) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction('notifications').objectStore('notifications').getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as StoredNotification[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

/** The notifications the browser is showing for the app, as the worker showed them. */
export function shownNotifications(
  page: Page,
): Promise<
  Array<{ title: string; body: string; tag: string; icon: string; badge: string; data: unknown; actions: string[] }>
> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      badge: n.badge,
      data: n.data as unknown,
      actions: ((n as Notification & { actions?: Array<{ action: string }> }).actions ?? []).map((a) => a.action),
    }));
  });
}

/** A payload as the server sends it; `overrides` change any field. */
export function pushPayload(overrides: Partial<PushPayload> & { id: string }): PushPayload {
  return {
    type: 'system.announcement',
    category: 'system',
    title: 'Maintenance tonight',
    body: 'Trading pauses from 02:00 to 02:30 UTC.',
    route: '/',
    tag: 'system',
    actions: [],
    created_at: Date.now(),
    ...overrides,
  };
}

/**
 * Stands in for the browser's push service registration: Chromium refuses it in the test's
 * incognito-like contexts ("Registration failed - permission denied") and these machines reach no
 * push service (FCM) anyway, so `pushManager.subscribe` cannot succeed here. The stub returns a
 * subscription with a real P-256 key and auth secret and a unique https endpoint, remembers it for
 * `getSubscription`, and forgets it on `unsubscribe`; the app's code around it (permission,
 * VAPID key, sending the subscription with the language) runs unchanged.
 */
export async function stubPushService(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const b64url = (bytes: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    let current: PushSubscription | null = null;
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
        'deriveBits',
      ])) as CryptoKeyPair;
      const p256dh = b64url(await crypto.subtle.exportKey('raw', pair.publicKey));
      const auth = b64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
      const endpoint = `https://push.test.invalid/send/${crypto.randomUUID()}`;
      const key = options?.applicationServerKey;
      const subscription = {
        endpoint,
        expirationTime: null,
        options: {
          userVisibleOnly: true,
          applicationServerKey: key instanceof Uint8Array ? new Uint8Array(key).buffer : null,
        },
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      current = subscription;
      return subscription;
    };
  });
}
