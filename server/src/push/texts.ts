import type { Locale } from '@contract/domain/locales';
import { antiPhishingMark } from '@contract/anti-phishing';
import { categoryOf, type PushCategory, type PushEvent, type PushEventType, type PushPayload } from '@contract/push';
import { currencyDecimals } from '@contract/domain/precision';
import { Money } from '../ledger/money';

/**
 * What a push notification says and does, per event and language: title, body, the route a tap
 * opens, the action buttons, and the delivery options of its category (TTL, urgency, topic).
 *
 * Each event type has one renderer. The core's are in `renderers.ts`; each product's beside its
 * code (`products/<name>/push-texts.ts`). `server/src/wiring.ts` joins them into the app's table
 * (`PushRenderers`, every type or it does not compile) and hands `pushTexts(table)` to the worker,
 * the inbox and the notice mails: the inbox list, the push and the mail say the same.
 */

/** A text in every language; `{name}` placeholders are filled from the event. */
export type Texts = Record<Locale, string>;

/** What a message says and does, before it gets its id and time. */
export interface Rendered {
  title: string;
  body: string;
  route: string;
  /** Groups notifications on the device and names the Topic: a newer one replaces an older one. */
  tag: string;
  actions: PushPayload['actions'];
  /**
   * Only the newest of its tag still matters while undelivered (an outbid on an artwork): it is
   * sent with its tag as the Topic, so the push service keeps only the newest.
   */
  replaceable?: boolean;
}

/** The event of one type. */
export type PushEventOf<K extends PushEventType> = Extract<PushEvent, { type: K }>;

/** How each event type renders, in a language. */
export type PushRenderers = { [K in PushEventType]: (event: PushEventOf<K>, locale: Locale) => Rendered };

/** Placeholders that hold an amount of the event's `currency`. */
const MONEY_KEYS = new Set(['amount', 'price', 'margin', 'profit', 'value']);

/** An amount as the app shows it: the currency's precision, rounded half-even ("99.98169426" → "99.98"). */
function shown(key: string, value: unknown, currency: unknown): string {
  if (!MONEY_KEYS.has(key) || typeof value !== 'string' || typeof currency !== 'string') return String(value ?? '');
  const places = currencyDecimals(currency);
  return new Money(value).toDecimalPlaces(places, Money.ROUND_HALF_EVEN).toFixed(places);
}

const fill = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{(\w+)\}/g, (_m, k: string) => shown(k, values[k], values.currency));

/**
 * The texts of `table` in `locale`: `t(key, values)` fills the `{name}` placeholders from
 * `values` (amounts of `values.currency` at its precision).
 */
export const textsIn =
  <K extends string>(table: Record<K, Texts>, locale: Locale) =>
  (key: K, values: Record<string, unknown> = {}): string =>
    fill(table[key][locale], values);

/** The action button that opens what a notice is about, shared by every area's texts. */
export const ACTION_TEXTS = {
  view: {
    zh: '查看',
    en: 'View',
    hk: '查看',
    th: 'ดู',
    jp: '表示',
    kor: '보기',
    fra: 'Voir',
    spa: 'Ver',
  },
} satisfies Record<string, Texts>;

/** A "View" action opening `route`, in `locale`. */
export const viewAction = (locale: Locale, route: string) => ({
  action: 'view',
  title: ACTION_TEXTS.view[locale],
  route,
});

/** Delivery options of a category: how long the push service keeps it, and its urgency. */
export const CATEGORY_DELIVERY: Record<PushCategory, { ttl: number; urgency: 'very-low' | 'low' | 'normal' | 'high' }> =
  {
    system: { ttl: 7 * 86_400, urgency: 'low' },
    // An auction notice is worth little once the auction or the payment window has moved on.
    auction: { ttl: 3_600, urgency: 'high' },
    settlement: { ttl: 86_400, urgency: 'normal' },
    wallet: { ttl: 3 * 86_400, urgency: 'normal' },
    security: { ttl: 7 * 86_400, urgency: 'high' },
    support: { ttl: 3 * 86_400, urgency: 'normal' },
    trade: { ttl: 86_400, urgency: 'normal' },
    nft: { ttl: 86_400, urgency: 'normal' },
  };

/** The most a payload may take (Web Push allows 4096 bytes of plaintext, less the padding). */
export const PAYLOAD_MAX_BYTES = 3_800;

/** Cuts a string to at most `max` UTF-8 bytes without splitting a character. */
export function cutBytes(s: string, max: number): string {
  if (Buffer.byteLength(s) <= max) return s;
  let out = '';
  for (const ch of s) {
    if (Buffer.byteLength(out + ch) > max - 3) break;
    out += ch;
  }
  return `${out}...`;
}

/**
 * The encrypted payload of one delivery: the rendered message with the event's id and time,
 * kept under 4 KB (the body, then the title, are shortened if an announcement is too long). The
 * user's anti-phishing code, when they set one, starts the body (`[code] `), before any cut.
 */
function payloadFrom(
  r: Rendered,
  eventId: string,
  event: PushEvent,
  at: Date,
  antiPhishing: string | null,
): PushPayload {
  const payload: PushPayload = {
    id: eventId,
    type: event.type,
    category: categoryOf(event.type),
    title: cutBytes(r.title, 200),
    body: antiPhishing ? `${antiPhishingMark(antiPhishing)} ${r.body}` : r.body,
    route: r.route,
    tag: r.tag,
    actions: r.actions,
    created_at: at.getTime(),
  };
  const over = Buffer.byteLength(JSON.stringify(payload)) - PAYLOAD_MAX_BYTES;
  if (over > 0) payload.body = cutBytes(payload.body, Math.max(0, Buffer.byteLength(payload.body) - over - 8));
  return payload;
}

/**
 * The Topic header (at most 32 URL-safe characters) of a replaceable message: the push service
 * keeps only the newest undelivered message of a topic per subscription, so a newer "outbid" on
 * an artwork replaces an older one. Other messages (each announcement, each settlement) have
 * none: every one of them is delivered.
 */
function topicFrom(replaceable: boolean | undefined, tag: string): string | undefined {
  if (!replaceable) return undefined;
  const safe = tag.replace(/[^A-Za-z0-9_-]/g, '_');
  return safe.length <= 32 ? safe : safe.slice(0, 32);
}

/** What the worker, the inbox and the notice mails render with: one app's table of renderers. */
export interface PushTexts {
  /** The texts, route and actions of `event` in `locale`. */
  render(event: PushEvent, locale: Locale): Rendered;
  /** The payload of one delivery (see `payloadFrom`). */
  payloadOf(eventId: string, event: PushEvent, locale: Locale, at: Date, antiPhishing?: string | null): PushPayload;
  /** The Topic of `event` sent under `tag`, when a newer one replaces it (see `topicFrom`). */
  topicOf(event: PushEvent, tag: string): string | undefined;
  /** The payload and the Topic of one delivery, rendered once. */
  delivery(
    eventId: string,
    event: PushEvent,
    locale: Locale,
    at: Date,
    antiPhishing: string | null,
  ): { payload: PushPayload; topic: string | undefined };
}

/** Rendering with `renderers`, the table `wiring.ts` builds from the core's and the products'. */
export function pushTexts(renderers: PushRenderers): PushTexts {
  const render = (event: PushEvent, locale: Locale): Rendered =>
    (renderers[event.type] as (event: PushEvent, locale: Locale) => Rendered)(event, locale);
  return {
    render,
    payloadOf: (eventId, event, locale, at, antiPhishing = null) =>
      payloadFrom(render(event, locale), eventId, event, at, antiPhishing),
    topicOf: (event, tag) => topicFrom(render(event, 'en').replaceable, tag),
    delivery: (eventId, event, locale, at, antiPhishing) => {
      const r = render(event, locale);
      return { payload: payloadFrom(r, eventId, event, at, antiPhishing), topic: topicFrom(r.replaceable, r.tag) };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's push texts, decorated by `wiring.ts` before any route (the notice mails read it). */
    pushTexts: PushTexts;
  }
}
