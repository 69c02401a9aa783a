import type { Locale } from '@contract/domain/locales';
import { LOCALES } from '@contract/domain/locales';
import { antiPhishingMark } from '@contract/anti-phishing';
import { categoryOf, type PushCategory, type PushEvent, type PushPayload } from '@contract/push';
import { currencyDecimals } from '@contract/domain/precision';
import { Money } from '../ledger/money';
import { ACCOUNT_TEXTS, accountText } from './texts-account';
import { AUCTION_TEXTS, auctionText } from './texts-auction';
import { SETTLEMENT_TEXTS, settlementText } from './texts-settlement';
import { nftText, TRADE_TEXTS, tradeText } from './texts-trade';
import { OTC_TEXTS, otcText } from './texts-otc';
import { ALERT_TEXTS, alertText } from './texts-alerts';
import { RECURRING_TEXTS, recurringText } from './texts-recurring';
import { SECURITY_TEXTS, securityText } from './texts-security';

/**
 * What a push notification says and does, per event and language: title, body, the route a tap
 * opens, the action buttons, and the delivery options of its category (TTL, urgency, topic).
 */

/** A text in every language; `{name}` placeholders are filled from the event. */
type Texts = Record<Locale, string>;

/** The support reply's texts (the other areas' are in `texts-<area>.ts`). */
const T = {
  supportReplyTitle: {
    zh: '客服回复了您',
    en: 'Customer service replied',
    hk: '客服回覆了您',
    th: 'ฝ่ายบริการลูกค้าตอบกลับแล้ว',
    jp: 'カスタマーサービスから返信がありました',
    kor: '고객센터에서 답변했습니다',
    fra: 'Le service client vous a répondu',
    spa: 'Atención al cliente le ha respondido',
  },
  supportReplyBody: {
    zh: '点击查看回复',
    en: 'Tap to read the answer',
    hk: '點擊查看回覆',
    th: 'แตะเพื่ออ่านคำตอบ',
    jp: 'タップして返信を確認',
    kor: '탭하여 답변 보기',
    fra: 'Touchez pour lire la réponse',
    spa: 'Toque para leer la respuesta',
  },
} satisfies Record<string, Texts>;

/** Every text has all 8 languages (checked by the tests too). */
export const PUSH_TEXTS: Record<string, Texts> = {
  ...T,
  ...AUCTION_TEXTS,
  ...SETTLEMENT_TEXTS,
  ...ACCOUNT_TEXTS,
  ...TRADE_TEXTS,
  ...OTC_TEXTS,
  ...ALERT_TEXTS,
  ...RECURRING_TEXTS,
  ...SECURITY_TEXTS,
};
export { LOCALES as PUSH_LOCALES };

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

/** What a message says and does, before it gets its id and time. */
export interface Rendered {
  title: string;
  body: string;
  route: string;
  /** Groups notifications on the device and names the Topic: a newer one replaces an older one. */
  tag: string;
  actions: PushPayload['actions'];
}

const artwork = (id: number) => `/pages/nft/artworkDetail?id=${id}`;

/** The texts, route and actions of `event` in `locale`. */
export function render(event: PushEvent, locale: Locale): Rendered {
  const t = (key: keyof typeof T, values: Record<string, unknown> = {}) => fill(T[key][locale], values);
  const tt = (key: keyof typeof TRADE_TEXTS, values: Record<string, unknown> = {}) =>
    fill(TRADE_TEXTS[key][locale], values);
  switch (event.type) {
    case 'trade.filled':
    case 'trade.cancelled':
      return {
        ...tradeText(event, tt),
        route: '/pages/transaction/currency_order',
        tag: `order-${event.order_id}`,
        actions: [],
      };
    case 'trade.recurring':
      return {
        ...recurringText(event, (key, values = {}) => fill(RECURRING_TEXTS[key][locale], values)),
        route: `/pages/recurring/detail?id=${event.plan_id}`,
        tag: `recurring-${event.plan_id}`,
        actions: [],
      };
    case 'trade.otc':
      return otcText(event, (key, values = {}) => fill(OTC_TEXTS[key][locale], values));
    case 'trade.price_alert':
      return alertText(event, (key, values = {}) => fill(ALERT_TEXTS[key][locale], values));
    case 'nft.message':
      return { ...nftText(event, tt), route: artwork(event.artwork_id), tag: `nft-${event.artwork_id}`, actions: [] };
    case 'system.announcement':
      return {
        title: event.title,
        body: event.body,
        route: event.route ?? '/',
        tag: 'system',
        actions: [],
      };
    case 'auction.outbid':
    case 'auction.ending_10m':
    case 'auction.won':
    case 'auction.payment_due_1h':
    case 'auction.payment_expired':
      return auctionText(event, (key, values = {}) => fill(AUCTION_TEXTS[key][locale], values));
    case 'settlement.seconds':
    case 'settlement.futures':
    case 'settlement.finance':
    case 'settlement.loan':
      return settlementText(event, (key, values = {}) => fill(SETTLEMENT_TEXTS[key][locale], values));
    case 'wallet.reviewed':
    case 'security.login':
    case 'security.new_device':
    case 'security.password_changed':
      return accountText(event, (key, values = {}) => fill(ACCOUNT_TEXTS[key][locale], values));
    case 'security.passkey':
    case 'security.totp':
    case 'security.whitelist':
    case 'security.withdraw_paused':
    case 'security.anti_phishing':
    case 'security.factor_reset':
      return securityText(event, (key, values = {}) => fill(SECURITY_TEXTS[key][locale], values));
    case 'support.reply':
      return {
        title: t('supportReplyTitle'),
        body: cutBytes(event.preview, 300) || t('supportReplyBody'),
        route: '/pages/kefu/index',
        tag: 'support-reply',
        actions: [],
      };
  }
}

/** The most a payload may take (Web Push allows 4096 bytes of plaintext, less the padding). */
export const PAYLOAD_MAX_BYTES = 3_800;

/** Cuts a string to at most `max` UTF-8 bytes without splitting a character. */
function cutBytes(s: string, max: number): string {
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
export function payloadOf(
  eventId: string,
  event: PushEvent,
  locale: Locale,
  at: Date,
  antiPhishing: string | null = null,
): PushPayload {
  const r = render(event, locale);
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

/** Events of which only the newest still matters while undelivered. */
const REPLACEABLE = new Set<PushEvent['type']>(['auction.outbid', 'auction.ending_10m', 'auction.payment_due_1h']);

/**
 * The Topic header (at most 32 URL-safe characters) of events a newer one makes obsolete: the
 * push service keeps only the newest undelivered message of a topic per subscription, so a newer
 * "outbid" on an artwork replaces an older one. Other events (each announcement, each settlement)
 * have none: every one of them is delivered.
 */
export function topicOf(event: PushEvent, tag: string): string | undefined {
  if (!REPLACEABLE.has(event.type)) return undefined;
  const safe = tag.replace(/[^A-Za-z0-9_-]/g, '_');
  return safe.length <= 32 ? safe : safe.slice(0, 32);
}
