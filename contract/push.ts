import { z } from 'zod';
import { endpoint } from './define';
import { LOCALES } from './domain/locales';
import { PRODUCT_PUSH_EVENTS } from './products/index';
import { id, text } from './domain/wire';

/**
 * Web push (issue 11): VAPID keys, subscriptions (several devices per user), per-category
 * preferences, and the payload the service worker receives.
 *
 * Every feature calls the server's one `notify(tx, userId, event)` (`server/src/push/notify.ts`)
 * with a `PushEvent`; the event is written to an outbox in the caller's transaction and delivered
 * by a worker, localized to each subscription's language. Delivery is at least once: the client
 * de-duplicates by `PushPayload.id`.
 */

/**
 * Notification categories the user can turn off one by one. Turning one off stops its pushes;
 * its notices still land in the inbox (`contract/notice.ts`), which stays complete.
 */
export const PUSH_CATEGORIES = [
  'system',
  'trade',
  'settlement',
  'wallet',
  'security',
  'auction',
  'nft',
  'support',
] as const;
export type PushCategory = (typeof PUSH_CATEGORIES)[number];

const str = z.string();
const dec = z.string();

/**
 * The core's events: announcements, wallet reviews, the account's security, and the finance
 * products' maturity (lock mining and dual investment share it, so it belongs to neither). Each
 * product declares its own in its contract file, collected by `products.ts`.
 */
const CORE_PUSH_EVENTS = [
  /** An administrator's announcement: the same title and body for every language. */
  z.object({ type: z.literal('system.announcement'), title: str, body: str, route: str.optional() }),
  /** A finance product (lock mining, dual investment) matured and paid out. */
  z.object({
    type: z.literal('settlement.finance'),
    product: z.enum(['lockming', 'dual']),
    order_id: z.number().int(),
    name: str,
    amount: dec,
    currency: str,
  }),
  /** A recharge or withdrawal was approved or rejected. */
  z.object({
    type: z.literal('wallet.reviewed'),
    kind: z.enum(['recharge', 'withdrawal']),
    id: z.number().int(),
    approved: z.boolean(),
    amount: dec,
    currency: str,
  }),
  /** A new sign-in to the account. */
  z.object({ type: z.literal('security.login'), ip: str, device: str }),
  /**
   * A sign-in from a device the account had not used (instead of `security.login`); `token` is
   * the one-time "this wasn't me" link's (`contract/devices.ts`).
   */
  z.object({ type: z.literal('security.new_device'), ip: str, device: str, token: str }),
  /** The login password or the pay password changed. */
  z.object({ type: z.literal('security.password_changed'), which: z.enum(['login', 'pay']) }),
  /** A passkey was added or removed; `name` is the one the user gave it. */
  z.object({ type: z.literal('security.passkey'), change: z.enum(['added', 'removed']), name: str }),
  /** The authenticator app was added (confirmed) or removed. */
  z.object({ type: z.literal('security.totp'), change: z.enum(['added', 'removed']) }),
  /**
   * The withdrawal whitelist was switched on, its switch-off asked for (taking effect at `at`, an
   * ISO time), or that switch-off cancelled by switching on again.
   */
  z.object({
    type: z.literal('security.whitelist'),
    change: z.enum(['on', 'off_requested', 'off_cancelled']),
    at: str.nullable(),
  }),
  /** A credential changed, so withdrawals pause until `until` (an ISO time). */
  z.object({ type: z.literal('security.withdraw_paused'), until: str }),
  /** The anti-phishing code was set, changed or removed (the code itself is never in a notice). */
  z.object({ type: z.literal('security.anti_phishing'), change: z.enum(['set', 'changed', 'removed']) }),
  /**
   * A reset of the second factor by staff (`contract/security-console.ts`): `proposed` by one
   * admin, then `applied` when a second approved (or `rejected`); `totp` whether the app is (or
   * was) removed, `passkeys` how many passkeys.
   */
  z.object({
    type: z.literal('security.factor_reset'),
    stage: z.enum(['proposed', 'applied', 'rejected']),
    totp: z.boolean(),
    passkeys: z.number().int(),
  }),
] as const;

/**
 * What happened, as features report it. Amounts are decimal strings; names are what the user
 * saw (an artwork's or product's name). `type` decides the category, the texts, the route, the
 * actions, the TTL, the urgency and the topic.
 */
export const pushEventSchema = z.discriminatedUnion('type', [...CORE_PUSH_EVENTS, ...PRODUCT_PUSH_EVENTS]);
export type PushEvent = z.infer<typeof pushEventSchema>;
/** An event's type starts with its category (a product's events pick one of `PUSH_CATEGORIES`). */
type Categorised<T extends `${PushCategory}.${string}`> = T;
export type PushEventType = Categorised<PushEvent['type']>;

/** The category of an event type: the part before the dot. */
export const categoryOf = (type: PushEventType): PushCategory => type.split('.')[0] as PushCategory;

/** A button on the notification; `route` is what tapping it opens. */
export const pushActionSchema = z.object({ action: z.string(), title: z.string(), route: z.string() });

/**
 * The encrypted payload the service worker receives (JSON, under 4 KB): already localized to the
 * subscription's language. `id` is the same for every delivery of one event to one user (the
 * client de-duplicates by it); `tag` groups notifications (a newer outbid on the same artwork
 * replaces the older one).
 */
export const pushPayloadSchema = z.object({
  id: z.string(),
  type: z.string(),
  category: z.enum(PUSH_CATEGORIES),
  title: z.string(),
  body: z.string(),
  /** The app route to open on a tap, e.g. `/nft/artwork/12`. */
  route: z.string(),
  tag: z.string(),
  actions: z.array(pushActionSchema),
  /** When the event happened (epoch ms). */
  created_at: z.number().int(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** A push service endpoint: an https URL. */
const endpointUrl = z
  .string({ error: 'field_required' })
  .trim()
  .max(1024, { error: 'field_too_long' })
  .refine(
    (v) => {
      try {
        return new URL(v).protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'field_invalid' },
  );

/** A base64url key of a subscription (p256dh is 65 bytes, auth 16). */
const b64url = (min: number, max: number) =>
  z
    .string({ error: 'field_required' })
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'field_invalid' })
    .min(min, { error: 'field_invalid' })
    .max(max, { error: 'field_invalid' });

/** A form or JSON boolean: true/false, 1/0. */
const flag = () =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: 'field_invalid' }),
  );

export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  locale: z.enum(LOCALES),
  created_at: z.number().int(),
});
export type PushSubscriptionView = z.infer<typeof pushSubscriptionSchema>;

export const pushPrefsSchema = z.object(
  Object.fromEntries(PUSH_CATEGORIES.map((c) => [c, z.boolean()])) as Record<PushCategory, z.ZodBoolean>,
);
export type PushPrefs = z.infer<typeof pushPrefsSchema>;

/** The server's VAPID public key (base64url), for `pushManager.subscribe`. */
export const pushPublicKey = endpoint({
  method: 'GET',
  path: '/push/public_key',
  auth: false,
  summary: 'The VAPID public key for subscribing to push',
  tags: ['push'],
  request: z.object({}),
  response: z.object({ public_key: z.string() }),
});

/**
 * Registers this device's subscription (from `PushSubscription.toJSON()`) for the signed-in user,
 * or updates it (keys, language, owner) when the endpoint is already known. `locale` is the
 * language notifications to this device are written in.
 */
export const pushSubscribe = endpoint({
  method: 'POST',
  path: '/push/subscribe',
  auth: true,
  summary: 'Subscribe this device to push notifications',
  tags: ['push'],
  request: z.object({
    endpoint: endpointUrl,
    p256dh: b64url(80, 100),
    auth: b64url(16, 32),
    locale: z.enum(LOCALES, { error: 'field_invalid' }),
  }),
  response: pushSubscriptionSchema,
});

/** Removes one of the user's subscriptions, by id or by endpoint. Another user's answers not found. */
export const pushUnsubscribe = endpoint({
  method: 'POST',
  path: '/push/unsubscribe',
  auth: true,
  summary: 'Remove a push subscription (by id or endpoint)',
  tags: ['push'],
  request: z
    .object({ id: id().optional(), endpoint: endpointUrl.optional() })
    .refine((v) => v.id !== undefined || v.endpoint !== undefined, { error: 'field_required', path: ['id'] }),
  response: z.object({ removed: z.number().int() }),
});

/** The user's subscribed devices, newest first. */
export const pushSubscriptions = endpoint({
  method: 'GET',
  path: '/push/subscriptions',
  auth: true,
  summary: "The user's push subscriptions",
  tags: ['push'],
  request: z.object({}),
  response: z.array(pushSubscriptionSchema),
});

/** Which categories the user receives (all on until turned off). */
export const pushPrefs = endpoint({
  method: 'GET',
  path: '/push/prefs',
  auth: true,
  summary: 'Push notification preferences per category',
  tags: ['push'],
  request: z.object({}),
  response: pushPrefsSchema,
});

/** Turns categories on or off; categories not sent keep their setting. */
export const pushPrefsSet = endpoint({
  method: 'POST',
  path: '/push/prefs/set',
  auth: true,
  summary: 'Turn push notification categories on or off',
  tags: ['push'],
  request: z
    .object(
      Object.fromEntries(PUSH_CATEGORIES.map((c) => [c, flag().optional()])) as Record<
        PushCategory,
        z.ZodOptional<ReturnType<typeof flag>>
      >,
    )
    .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'field_required', path: ['system'] }),
  response: pushPrefsSchema,
});

/**
 * Sends a system announcement to every account's inbox, pushed to the subscribed devices of those
 * who have the system category on. Audited. Returns the number of users it was written for.
 */
export const adminPushBroadcast = endpoint({
  method: 'POST',
  path: '/admin/push/broadcast',
  auth: 'admin',
  summary: 'Broadcast a system announcement by push (audited); Idempotency-Key required',
  tags: ['admin', 'push'],
  request: z.object({
    title: text({ max: 80 }).refine((v) => v.length > 0, { error: 'field_required' }),
    body: text({ max: 400, multiline: true }).refine((v) => v.length > 0, { error: 'field_required' }),
    route: text({ max: 200 })
      .refine((v) => v === '' || (v.startsWith('/') && !v.startsWith('//')), { error: 'field_invalid' })
      .optional(),
  }),
  response: z.object({ users: z.number().int() }),
});
