import type { PayMethod } from '@contract/otc';
import type { PushEvent } from '@contract/push';
import type { OtcOrderRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { hold, Money, postHold, releaseHold, userAccount, type Tx } from '../../ledger/index';
import { notify } from '../../push/notify';
import {
  adById,
  cardOf,
  dueUnpaid,
  giveBackToAd,
  insertOrder,
  moveOrder,
  orderForUpdate,
  takeFromAd,
  userBrief,
} from './repo';
import { fiatAmountOf, quantityFits, sidesOf, usdtValueOf } from './rules';
import { cardKindOf, coinOf, priceNow, type OtcDeps } from './service';
import { limitOfLevel } from './terms';

/**
 * The order flow. Every move locks the order's row, checks its state and moves it by a
 * conditional update in the caller's transaction with its ledger posting, so a move and its money
 * happen once, whoever races for it (a release against a refund, a cancel against the timeout).
 */

const MINUTE = 60_000;

export async function tell(
  tx: Tx,
  userId: number,
  o: OtcOrderRow,
  step: Extract<PushEvent, { type: 'trade.otc' }>['step'],
  at: Date,
) {
  await notify(
    tx,
    userId,
    { type: 'trade.otc', order_id: o.id, step, quantity: new Money(o.quantity).toFixed(), coin: coinOf(o.currencyId) },
    at,
  );
}

export interface OpenInput {
  takerId: number;
  adId: number;
  quantity: string;
  method: PayMethod;
  now: Date;
}

/** What an order on `ad` for `quantity` would be: its price, value and the limits it meets. */
async function priced(tx: Tx, deps: OtcDeps, input: OpenInput) {
  const user = await userBrief(tx, input.takerId);
  if (!user || user.level < 1) throw new AppError('otc_level_required');
  const ad = await adById(tx, input.adId);
  if (!ad) throw new AppError('otc_ad_not_found', { field: 'ad_id' });
  if (ad.merchantId === input.takerId) throw new AppError('otc_own_ad');
  if (ad.status !== 'online') throw new AppError('otc_ad_unavailable');
  if (!ad.methods.includes(input.method)) throw new AppError('otc_method_not_accepted', { field: 'method' });
  const q = new Money(input.quantity);
  const coin = coinOf(ad.currencyId);
  if (!quantityFits(q) || q.lt(ad.minQty) || q.gt(ad.maxQty)) {
    throw new AppError('otc_quantity_range', {
      field: 'quantity',
      values: { min: new Money(ad.minQty).toFixed(), max: new Money(ad.maxQty).toFixed(), coin },
    });
  }
  const usdt = deps.prices.usdtPrice(ad.currencyId);
  const price = priceNow(deps, ad);
  if (!usdt || usdt.stale || !price) throw new AppError('otc_price_unavailable');
  const value = usdtValueOf(q, usdt.price);
  const limit = limitOfLevel(user.level);
  if (value.gt(limit)) {
    throw new AppError('otc_trade_limit', { field: 'quantity', values: { value: value.toFixed(), limit } });
  }
  return { ad, q, coin, price, value };
}

/**
 * Opens an order: takes the quantity from the ad (conditional update on its row), holds the
 * seller's coins in escrow and writes the order, in one transaction.
 */
export async function openOrder(tx: Tx, deps: OtcDeps, input: OpenInput): Promise<OtcOrderRow> {
  const { ad, q, coin, price, value } = await priced(tx, deps, input);
  const { buyerId, sellerId } = sidesOf(ad, input.takerId);
  const payTo = await cardOf(tx, sellerId, cardKindOf(input.method));
  if (!payTo) {
    throw sellerId === input.takerId
      ? new AppError('otc_bind_method', { field: 'method' })
      : new AppError('otc_ad_unavailable');
  }
  const taken = await takeFromAd(tx, ad.id, q.toFixed());
  if (!taken) {
    const now = await adById(tx, ad.id);
    if (now?.status === 'online') {
      throw new AppError('otc_ad_insufficient', { values: { remaining: new Money(now.remaining).toFixed(), coin } });
    }
    throw new AppError('otc_ad_unavailable');
  }
  let escrow;
  try {
    escrow = await hold(tx, {
      account: userAccount(sellerId, ad.currencyId, 'legal'),
      amount: q,
      kind: 'otc_escrow',
      userId: sellerId,
      meta: { adId: ad.id },
      at: input.now,
    });
  } catch (err) {
    if (err instanceof AppError && err.key === 'insufficient_balance' && sellerId === ad.merchantId) {
      throw new AppError('otc_merchant_insufficient', { values: { coin } });
    }
    throw err;
  }
  const order = await insertOrder(tx, {
    adId: ad.id,
    merchantId: ad.merchantId,
    buyerId,
    sellerId,
    currencyId: ad.currencyId,
    fiat: ad.fiat,
    price: price.toFixed(),
    quantity: q.toFixed(),
    fiatAmount: fiatAmountOf(q, price).toFixed(),
    valueUsdt: value.toFixed(),
    method: input.method,
    payTo,
    holdId: escrow.holdId,
    status: 'unpaid',
    createdAt: input.now,
    payDeadline: new Date(input.now.getTime() + ad.windowMinutes * MINUTE),
  });
  await tell(tx, ad.merchantId, order, 'opened', input.now);
  return order;
}

/** The order if `userId` is one of its sides; anyone else's id answers like a missing one. */
export async function ownOrderForUpdate(tx: Tx, id: number, userId: number): Promise<OtcOrderRow> {
  const o = await orderForUpdate(tx, id);
  if (!o || (o.buyerId !== userId && o.sellerId !== userId)) throw new AppError('order_not_found', { field: 'id' });
  return o;
}

const changed = () => new AppError('otc_order_changed');

export async function markPaid(tx: Tx, id: number, userId: number, proof: string | null, now: Date) {
  const o = await ownOrderForUpdate(tx, id, userId);
  if (o.buyerId !== userId || o.status !== 'unpaid') throw changed();
  if (now.getTime() >= o.payDeadline.getTime()) throw new AppError('otc_order_expired');
  const moved = await moveOrder(tx, id, ['unpaid'], { status: 'paid', paidAt: now, proof });
  if (!moved) throw changed();
  await tell(tx, o.sellerId, moved, 'paid', now);
  return moved;
}

/** Escrow back to the seller and the quantity back to the ad. */
async function refund(tx: Tx, o: OtcOrderRow, cause: 'buyer' | 'timeout' | 'refund', now: Date, extra = {}) {
  const moved = await moveOrder(tx, o.id, cause === 'refund' ? ['appeal'] : ['unpaid'], {
    status: 'cancelled',
    cancelCause: cause,
    finishedAt: now,
    ...extra,
  });
  if (!moved) throw changed();
  await releaseHold(tx, o.holdId, { kind: 'otc_refund', userId: o.sellerId, meta: { orderId: o.id }, at: now });
  await giveBackToAd(tx, o.adId, new Money(o.quantity).toFixed());
  return moved;
}

/** The escrow to the buyer's legal account. */
async function release(tx: Tx, o: OtcOrderRow, now: Date, extra = {}) {
  const moved = await moveOrder(tx, o.id, ['paid', 'appeal'], { status: 'completed', finishedAt: now, ...extra });
  if (!moved) throw changed();
  await postHold(tx, o.holdId, {
    kind: 'otc_release',
    userId: o.buyerId,
    to: [{ account: userAccount(o.buyerId, o.currencyId, 'legal'), amount: o.quantity }],
    meta: { orderId: o.id },
    at: now,
  });
  return moved;
}

export async function cancelByBuyer(tx: Tx, id: number, userId: number, now: Date) {
  const o = await ownOrderForUpdate(tx, id, userId);
  if (o.buyerId !== userId || o.status !== 'unpaid') throw changed();
  const moved = await refund(tx, o, 'buyer', now);
  await tell(tx, o.sellerId, moved, 'cancelled', now);
  return moved;
}

/** The seller confirms receipt (also while an appeal is open: that settles it for the buyer). */
export async function releaseBySeller(tx: Tx, id: number, userId: number, now: Date) {
  const o = await ownOrderForUpdate(tx, id, userId);
  if (o.sellerId !== userId || (o.status !== 'paid' && o.status !== 'appeal')) throw changed();
  const moved = await release(tx, o, now);
  await tell(tx, o.buyerId, moved, 'released', now);
  return moved;
}

export async function appeal(tx: Tx, id: number, userId: number, text: string, images: string[], now: Date) {
  const o = await ownOrderForUpdate(tx, id, userId);
  if (o.status !== 'paid') throw changed();
  const moved = await moveOrder(tx, id, ['paid'], {
    status: 'appeal',
    appealBy: userId,
    appealText: text,
    appealImages: images,
    appealAt: now,
  });
  if (!moved) throw changed();
  await tell(tx, userId === o.buyerId ? o.sellerId : o.buyerId, moved, 'appeal', now);
  return moved;
}

/** Staff's decision on an appeal: release to the buyer or refund the seller. */
export async function applyDecision(tx: Tx, o: OtcOrderRow, decision: 'release' | 'refund', now: Date) {
  const extra = { decision, pendingDecision: null, pendingBy: null };
  const moved = decision === 'release' ? await release(tx, o, now, extra) : await refund(tx, o, 'refund', now, extra);
  await tell(tx, o.buyerId, moved, 'decided', now);
  await tell(tx, o.sellerId, moved, 'decided', now);
  return moved;
}

/**
 * Cancels unpaid orders whose window ended by `at` (the scheduler's minute sweep): each under its
 * row lock and conditional on still being unpaid, so a sweep run twice, or racing the buyer's
 * "paid", cancels an order at most once.
 */
export async function expireDue(tx: Tx, at: Date, now: Date): Promise<number> {
  let n = 0;
  for (const id of await dueUnpaid(tx, at, 1000)) {
    const o = await orderForUpdate(tx, id);
    if (!o || o.status !== 'unpaid' || o.payDeadline.getTime() > at.getTime()) continue;
    const moved = await refund(tx, o, 'timeout', now);
    await tell(tx, o.buyerId, moved, 'expired', now);
    await tell(tx, o.sellerId, moved, 'expired', now);
    n += 1;
  }
  return n;
}
