import {
  FIAT_DECIMALS,
  otcAdSave,
  PAY_WINDOWS,
  type Ad,
  type AdSide,
  type OrderState,
  type OtcCoin,
  type OtcOrder,
  type OtcTerms,
  type PayMethod,
  type PriceType,
} from '@contract/otc';
import type { FiatCode } from '@contract/market';
import { cmpDec, mulDec, parseDec, type Dec } from '@/lib/format';

/** A coin quantity as the order form takes it: digits with at most 8 decimals. */
const QUANTITY = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,8})?$/;

/**
 * The fiat amount of `quantity` coins at `price`, half-up to 2 decimals: the rule the server
 * applies when it writes the order, so the sheet shows what the order will say.
 */
export function fiatAmount(quantity: string, price: string): string | null {
  const q = parseDec(quantity);
  const p = parseDec(price);
  if (!q || !p) return null;
  const product = mulDec(q, p);
  const drop = product.scale - FIAT_DECIMALS;
  let units = product.units;
  if (drop > 0) {
    const divisor = 10n ** BigInt(drop);
    const rest = units % divisor;
    units = units / divisor + (rest * 2n >= divisor ? 1n : 0n);
  } else if (drop < 0) {
    units *= 10n ** BigInt(-drop);
  }
  const digits = units.toString().padStart(FIAT_DECIMALS + 1, '0');
  return `${digits.slice(0, -FIAT_DECIMALS)}.${digits.slice(-FIAT_DECIMALS)}`;
}

export type QuantityProblem = 'invalid' | 'below_min' | 'above_max' | 'above_remaining';

/** Why `quantity` cannot be ordered on `ad`, or null when it can. */
export function quantityProblem(
  quantity: string,
  ad: Pick<Ad, 'min_qty' | 'max_qty' | 'remaining'>,
): QuantityProblem | null {
  if (!QUANTITY.test(quantity)) return 'invalid';
  const q = parseDec(quantity) as Dec;
  if (q.units === 0n) return 'invalid';
  if (cmpDec(q, parseDec(ad.min_qty) as Dec) < 0) return 'below_min';
  if (cmpDec(q, parseDec(ad.max_qty) as Dec) > 0) return 'above_max';
  if (cmpDec(q, parseDec(ad.remaining) as Dec) > 0) return 'above_remaining';
  return null;
}

/** The most one order may take: the lesser of the ad's maximum and what remains. */
export function orderCeiling(ad: Pick<Ad, 'max_qty' | 'remaining'>): string {
  const max = parseDec(ad.max_qty) as Dec;
  const remaining = parseDec(ad.remaining) as Dec;
  return cmpDec(max, remaining) <= 0 ? ad.max_qty : ad.remaining;
}

/** The single-trade limit (USDT) of identity `level`; level 0 cannot trade ("0"). */
export function levelLimit(terms: Pick<OtcTerms, 'trade_limits'>, level: number): string {
  const limits = terms.trade_limits;
  if (limits.length === 0) return '0';
  return limits[Math.min(Math.max(level, 0), limits.length - 1)]!;
}

/** Time left to pay as `mm:ss` (or `h:mm:ss`), "00:00" once past. */
export function countdown(deadline: number, now: number): string {
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * Whether the payment window of the order has ended, by the clock or because the order was
 * cancelled for it: a "paid" still waiting to be sent can then no longer mark it paid.
 */
export function paymentWindowEnded(order: Pick<OtcOrder, 'pay_deadline' | 'cancel_cause'>, now: number): boolean {
  return now >= order.pay_deadline || order.cancel_cause === 'timeout';
}

/** The order's progress on the three steps "unpaid → paid → finished" (index of the current one). */
export function orderStep(status: OrderState): number {
  if (status === 'unpaid') return 0;
  if (status === 'paid' || status === 'appeal') return 1;
  return 2;
}

export type OrderAction = 'paid' | 'cancel' | 'release' | 'appeal';

/**
 * What the caller may do on the order, by their side: the buyer marks paid or cancels while
 * unpaid; the seller releases once paid (also under appeal); either appeals a paid order once.
 */
export function orderActions(order: Pick<OtcOrder, 'my_side' | 'status' | 'appeal'>): OrderAction[] {
  const { my_side: side, status } = order;
  if (side === null) return [];
  if (status === 'unpaid') return side === 'buy' ? ['paid', 'cancel'] : [];
  if (status === 'paid') return side === 'sell' ? ['release', 'appeal'] : ['appeal'];
  if (status === 'appeal' && side === 'sell') return ['release'];
  return [];
}

/** The user's side of an order opened on an ad: a merchant's sell ad is the user's buy. */
export const takerSide = (adSide: AdSide): AdSide => (adSide === 'sell' ? 'buy' : 'sell');

/** Minutes an average release takes, rounded up (at least 1); null before any. */
export function releaseMinutes(seconds: number | null): number | null {
  if (seconds === null) return null;
  return Math.max(1, Math.ceil(seconds / 60));
}

/** The ad form as the merchant types it. */
export interface AdDraft {
  id?: number;
  side: AdSide;
  coin: OtcCoin;
  fiat: FiatCode;
  price_type: PriceType;
  fixed_price: string;
  /** The margin in percent as typed ("1.5" for +1.5 %); the request carries the ratio. */
  margin_percent: string;
  total: string;
  min_qty: string;
  max_qty: string;
  methods: PayMethod[];
  window_minutes: number;
  terms: string;
}

export const EMPTY_DRAFT: AdDraft = {
  side: 'sell',
  coin: 'USDT',
  fiat: 'USD',
  price_type: 'fixed',
  fixed_price: '',
  margin_percent: '',
  total: '',
  min_qty: '',
  max_qty: '',
  methods: ['bank'],
  window_minutes: PAY_WINDOWS[1],
  terms: '',
};

/** `value` times 10^places, exactly (percent ↔ ratio without floating point). */
function shiftPoint(value: string, places: number): string {
  const d = parseDec(value);
  if (!d) return value;
  const scale = d.scale - places;
  const units = scale < 0 ? d.units * 10n ** BigInt(-scale) : d.units;
  const s = Math.max(scale, 0);
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(s + 1, '0');
  const whole = s ? `${digits.slice(0, -s)}.${digits.slice(-s)}` : digits;
  const trimmed = s ? whole.replace(/\.?0+$/, '') : whole;
  return `${sign}${trimmed}`;
}

export const percentToRatio = (percent: string) => (percent.trim() === '' ? '' : shiftPoint(percent.trim(), -2));
export const ratioToPercent = (ratio: string) => shiftPoint(ratio, 2);

/** The draft of an existing ad, to edit it. */
export function draftOfAd(ad: Ad): AdDraft {
  return {
    id: ad.id,
    side: ad.side,
    coin: ad.coin,
    fiat: ad.fiat,
    price_type: ad.price_type,
    fixed_price: ad.fixed_price ?? '',
    margin_percent: ad.margin === null ? '' : ratioToPercent(ad.margin),
    total: ad.total,
    min_qty: ad.min_qty,
    max_qty: ad.max_qty,
    methods: ad.methods,
    window_minutes: ad.window_minutes,
    terms: ad.terms,
  };
}

/** The request of `/otc/ad/save` for a draft: only the chosen price field is sent. */
export function adRequest(draft: AdDraft) {
  return {
    ...(draft.id ? { id: draft.id } : {}),
    side: draft.side,
    coin: draft.coin,
    fiat: draft.fiat,
    price_type: draft.price_type,
    ...(draft.price_type === 'fixed'
      ? { fixed_price: draft.fixed_price.trim() }
      : { margin: percentToRatio(draft.margin_percent) }),
    total: draft.total.trim(),
    min_qty: draft.min_qty.trim(),
    max_qty: draft.max_qty.trim(),
    methods: draft.methods.join(','),
    window_minutes: draft.window_minutes,
    terms: draft.terms,
  };
}

/** Each invalid field of a draft with the contract's error code (the request schema decides). */
export function adErrors(draft: AdDraft): Partial<Record<string, string>> {
  const parsed = otcAdSave.request.safeParse(adRequest(draft));
  if (parsed.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field === 'margin' ? 'margin_percent' : field] ??= issue.message;
  }
  return errors;
}
