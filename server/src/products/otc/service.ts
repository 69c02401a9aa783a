import type { FiatCode } from '@contract/market';
import {
  OTC_COIN_IDS,
  OTC_COINS,
  type Ad,
  type AdState,
  type MerchantApplication,
  type MerchantStats,
  type OtcCoin,
  type OtcMessage,
  type OtcOrder,
  type PayMethod,
} from '@contract/otc';
import { isUniqueViolation } from '../../db/client';
import type { OtcAdRow, OtcApplicationRow, OtcMessageRow, OtcOrderRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { FiatSource } from '../../fiat/rates';
import { Money, toWire, type Tx } from '../../ledger/index';
import type { PriceSource } from '../../market/prices';
import {
  adForUpdate,
  cardOf,
  insertAd,
  insertApplication,
  isMerchant,
  latestApplication,
  merchantFigures,
  nicknames,
  updateAd,
  userBrief,
} from './repo';
import { adPrice } from './rules';

/** What OTC reads from the rest of the server: the feed's prices and the fiat table of the day. */
export interface OtcDeps {
  prices: PriceSource;
  fiat: FiatSource;
}

export const coinOf = (currencyId: number): OtcCoin => OTC_COINS.find((c) => OTC_COIN_IDS[c] === currencyId) ?? 'USDT';
const ms = (d: Date | null) => (d === null ? null : d.getTime());
const wire = (v: string | null) => (v === null ? null : toWire(v));

/** Where a payment method's details live among the payout bindings. */
export const cardKindOf = (m: PayMethod) => (m === 'bank' ? 'domestic' : 'international');

/** The price an order opened now would take, or null (no feed price for a margin ad). */
export function priceNow(deps: OtcDeps, ad: OtcAdRow): Money | null {
  const usdt = deps.prices.usdtPrice(ad.currencyId);
  const rate = deps.fiat.inHand().rates.find((r) => r.currency_code === ad.fiat)?.rate ?? null;
  return adPrice(ad, { usdtPrice: usdt && !usdt.stale ? usdt.price : null, fiatPerUsd: rate });
}

export type Figures = Awaited<ReturnType<typeof merchantFigures>>;

export function statsView(userId: number, nickname: string, figures: Figures): MerchantStats {
  const f = figures.get(userId);
  return {
    user_id: userId,
    nickname,
    completed: f?.completed ?? 0,
    completion_rate: f && f.finished > 0 ? new Money(f.completed).div(f.finished).toDecimalPlaces(4).toFixed() : null,
    avg_release_seconds: f?.avgRelease ?? null,
  };
}

export function adView(ad: OtcAdRow, price: Money | null, merchant: MerchantStats): Ad {
  return {
    id: ad.id,
    side: ad.side,
    coin: coinOf(ad.currencyId),
    fiat: ad.fiat as FiatCode,
    price_type: ad.priceType,
    fixed_price: wire(ad.fixedPrice),
    margin: wire(ad.margin),
    price: price === null ? null : price.toFixed(),
    total: toWire(ad.total),
    remaining: toWire(ad.remaining),
    min_qty: toWire(ad.minQty),
    max_qty: toWire(ad.maxQty),
    methods: ad.methods,
    window_minutes: ad.windowMinutes,
    terms: ad.terms,
    status: ad.status,
    merchant,
    created_at: ad.createdAt.getTime(),
  };
}

/** Ads with their live price and their merchants' figures (one query each for names and figures). */
export async function adViews(db: Tx | Parameters<typeof nicknames>[0], deps: OtcDeps, ads: OtcAdRow[]) {
  const ids = ads.map((a) => a.merchantId);
  const [names, figures] = await Promise.all([nicknames(db, ids), merchantFigures(db, ids)]);
  return ads.map((a) => adView(a, priceNow(deps, a), statsView(a.merchantId, names.get(a.merchantId) ?? '', figures)));
}

export function orderView(o: OtcOrderRow, viewerId: number | null, names: Map<number, string>): OtcOrder {
  return {
    id: o.id,
    ad_id: o.adId,
    my_side: viewerId === null ? null : viewerId === o.buyerId ? 'buy' : 'sell',
    coin: coinOf(o.currencyId),
    fiat: o.fiat as FiatCode,
    price: toWire(o.price),
    quantity: toWire(o.quantity),
    fiat_amount: new Money(o.fiatAmount).toFixed(2),
    method: o.method,
    pay_to: o.payTo,
    status: o.status,
    cancel_cause: o.cancelCause,
    buyer: { user_id: o.buyerId, nickname: names.get(o.buyerId) ?? '' },
    seller: { user_id: o.sellerId, nickname: names.get(o.sellerId) ?? '' },
    merchant_id: o.merchantId,
    proof: o.proof,
    created_at: o.createdAt.getTime(),
    pay_deadline: o.payDeadline.getTime(),
    paid_at: ms(o.paidAt),
    finished_at: ms(o.finishedAt),
    appeal:
      o.appealBy === null || o.appealAt === null
        ? null
        : {
            by: o.appealBy,
            text: o.appealText ?? '',
            images: o.appealImages ?? [],
            at: o.appealAt.getTime(),
            decision: o.decision,
            pending: o.pendingDecision,
          },
  };
}

export const messageView = (m: OtcMessageRow): OtcMessage => ({
  id: m.id,
  order_id: m.orderId,
  sender_id: m.senderId,
  text: m.text,
  image: m.image,
  created_at: m.createdAt.getTime(),
});

export const applicationView = (a: OtcApplicationRow): MerchantApplication => ({
  id: a.id,
  user_id: a.userId,
  introduction: a.introduction,
  state: a.state,
  reason: a.reason,
  created_at: a.createdAt.getTime(),
  reviewed_at: ms(a.reviewedAt),
});

/** A level-2 user applies; one application waits at a time (the partial unique index backs it). */
export async function apply(tx: Tx, userId: number, introduction: string, now: Date): Promise<OtcApplicationRow> {
  const user = await userBrief(tx, userId);
  if (!user || user.level < 2) throw new AppError('otc_level2_required');
  if (await isMerchant(tx, userId)) throw new AppError('otc_already_merchant');
  if ((await latestApplication(tx, userId))?.state === 'review') throw new AppError('otc_application_waiting');
  try {
    return await insertApplication(tx, { userId, introduction, state: 'review', createdAt: now });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('otc_application_waiting');
    throw err;
  }
}

export interface AdInput {
  id?: number | undefined;
  side: 'buy' | 'sell';
  coin: OtcCoin;
  fiat: FiatCode;
  price_type: 'fixed' | 'margin';
  fixed_price?: string | undefined;
  margin?: string | undefined;
  total: string;
  min_qty: string;
  max_qty: string;
  methods: PayMethod[];
  window_minutes: number;
  terms: string;
}

/**
 * Publishes or edits an ad. Editing keeps what orders took: the new total must cover it and
 * `remaining` becomes total - taken. A sell ad's merchant is the seller of its orders, so each
 * accepted method must be bound (the buyer is shown where to pay).
 */
export async function saveAd(tx: Tx, merchantId: number, input: AdInput, now: Date): Promise<OtcAdRow> {
  if (!(await isMerchant(tx, merchantId))) throw new AppError('otc_not_merchant');
  const before = input.id === undefined ? undefined : await adForUpdate(tx, input.id);
  if (input.id !== undefined && (!before || before.merchantId !== merchantId)) {
    throw new AppError('otc_ad_not_found', { field: 'id' });
  }
  if (before?.status === 'closed') throw new AppError('otc_ad_closed');
  const side = before?.side ?? input.side;
  const currencyId = before?.currencyId ?? OTC_COIN_IDS[input.coin];
  if (side === 'sell') {
    for (const m of input.methods) {
      if (!(await cardOf(tx, merchantId, cardKindOf(m)))) throw new AppError('otc_bind_method', { field: 'methods' });
    }
  }
  const total = new Money(input.total);
  const taken = before ? new Money(before.total).minus(before.remaining) : new Money(0);
  if (total.lt(taken)) {
    throw new AppError('otc_total_below_taken', {
      field: 'total',
      values: { taken: taken.toFixed(), coin: coinOf(currencyId) },
    });
  }
  const values = {
    fiat: input.fiat,
    priceType: input.price_type,
    fixedPrice: input.price_type === 'fixed' ? toWire(input.fixed_price ?? '0') : null,
    margin: input.price_type === 'margin' ? toWire(input.margin || '0') : null,
    total: total.toFixed(),
    remaining: total.minus(taken).toFixed(),
    minQty: toWire(input.min_qty),
    maxQty: toWire(input.max_qty),
    methods: input.methods,
    windowMinutes: input.window_minutes,
    terms: input.terms,
    updatedAt: now,
  };
  if (before) return updateAd(tx, before.id, values);
  return insertAd(tx, { ...values, merchantId, side, currencyId, status: 'online', createdAt: now });
}

/** Pauses, resumes or closes an ad; closing is final, open orders on it go on. */
export async function setAdStatus(tx: Tx, merchantId: number, id: number, status: AdState, now: Date) {
  const ad = await adForUpdate(tx, id);
  if (!ad || ad.merchantId !== merchantId) throw new AppError('otc_ad_not_found', { field: 'id' });
  if (ad.status === 'closed') throw new AppError('otc_ad_closed');
  if (status === 'online' && !(await isMerchant(tx, merchantId))) throw new AppError('otc_not_merchant');
  return updateAd(tx, id, { status, updatedAt: now });
}
