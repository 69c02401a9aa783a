/**
 * Pure parts of the push subscription: the VAPID key's bytes, what the server needs of a
 * subscription, and when to offer notifications. The browser calls are in ../state/device.ts.
 */

/** Bytes of a base64url string (the VAPID public key the server publishes). */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this server key (a changed key needs a new subscription). */
export function sameKey(current: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!current) return false;
  const a = new Uint8Array(current);
  return a.length === key.length && a.every((byte, i) => byte === key[i]);
}

export interface SubscriptionFields {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the server stores of `PushSubscription.toJSON()`, or undefined when something is missing. */
export function subscriptionFields(json: {
  endpoint?: string;
  keys?: Record<string, string>;
}): SubscriptionFields | undefined {
  const { endpoint, keys } = json;
  if (!endpoint || !keys?.p256dh || !keys.auth) return undefined;
  return { endpoint, p256dh: keys.p256dh, auth: keys.auth };
}

/** After "Not now", the offer stays away this long. */
export const OFFER_PAUSE_MS = 7 * 24 * 3600_000;

/**
 * Whether to offer notifications now (after a user's action that makes them useful, such as a
 * first bid): only while the browser has not been asked yet and the user did not say "not now"
 * within the pause.
 */
export function shouldOffer(permission: string, dismissedAt: number | undefined, now: number): boolean {
  if (permission !== 'default') return false;
  return dismissedAt === undefined || now - dismissedAt >= OFFER_PAUSE_MS;
}
