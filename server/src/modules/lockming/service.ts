import type { LockOrder, LockProduct, LockRate } from '@contract/lockming';
import { AppError } from '../../errors';
import { CATALOG } from '../../market/catalog';
import type { LockOrderRow, LockProductRow, LockRateRow } from '../../db/schema/index';
import {
  balanceOf,
  hold,
  money,
  post,
  postHold,
  releaseHold,
  systemAccount,
  toWire,
  userAccount,
  type Tx,
} from '../../ledger/index';
import {
  insertOrder,
  lockInProgress,
  markPaid,
  markRedeemed,
  ordersDue,
  ordersOwedInterest,
  productForShare,
  publishRates,
  ratesBetween,
} from './repo';
import {
  dayInterest,
  dayOf,
  dayStart,
  drawRate,
  earlyRedemption,
  expectedRange,
  lockSpan,
  rateForOrder,
  remainingDays,
} from './terms';

/** Lock mining's rules, without SQL: deposit, daily interest, maturity, early redemption, rates. */

const currencyName = new Map(CATALOG.currencies.map((c) => [c.id, c.name]));
const nameOfCurrency = (id: number) => currencyName.get(id) ?? String(id);
const ms = (d: Date) => d.getTime();
/** Orders a job takes per query; a job loops until none is left. */
const BATCH = 1000;

const rateView = (r: LockRateRow | undefined): LockRate | null =>
  r ? { day: ms(dayStart(r.day)), rate: toWire(r.rate), published_at: ms(r.publishedAt) } : null;

export function productView(p: LockProductRow, rates: LockRateRow[], now: Date): LockProduct {
  const today = dayOf(now);
  const of = (day: number) => rates.find((r) => r.productId === p.id && r.day === day);
  return {
    id: p.id,
    name: p.name,
    currency_id: p.currencyId,
    currency_name: nameOfCurrency(p.currencyId),
    min_rate: toWire(p.minRate),
    max_rate: toWire(p.maxRate),
    days: p.days,
    min_amount: toWire(p.minAmount),
    penalty_rate: toWire(p.penaltyRate),
    status: p.status,
    today: rateView(of(today)),
    tomorrow: rateView(of(today + 1)),
  };
}

export function orderView(o: LockOrderRow, productName: string, now: Date): LockOrder {
  const expected = expectedRange(o.amount, o.minRate, o.maxRate, o.days);
  const open = o.status === 'in_progress';
  const remaining = open ? remainingDays(o.lastDay, now) : 0;
  const early = open ? earlyRedemption(o.amount, o.penaltyRate, remaining) : null;
  return {
    id: o.id,
    config_id: o.productId,
    name: productName,
    currency_id: o.currencyId,
    currency_name: nameOfCurrency(o.currencyId),
    amount: toWire(o.amount),
    days: o.days,
    min_rate: toWire(o.minRate),
    max_rate: toWire(o.maxRate),
    penalty_rate: toWire(o.penaltyRate),
    expected_min: toWire(expected.min),
    expected_max: toWire(expected.max),
    status: o.status,
    redeem_kind: o.redeemKind ?? null,
    interest: toWire(o.interest),
    paid_days: o.paidThroughDay - o.firstDay + 1,
    remaining_days: remaining,
    penalty_now: early ? toWire(early.penalty) : null,
    refund_now: early ? toWire(early.refund) : null,
    start_at: ms(dayStart(o.firstDay)),
    end_at: ms(o.endAt),
    penalty: o.penalty === null ? null : toWire(o.penalty),
    refund: o.refund === null ? null : toWire(o.refund),
    created_at: ms(o.createdAt),
    redeemed_at: o.redeemedAt ? ms(o.redeemedAt) : null,
  };
}

/**
 * Locks `amount` in a product: the product row is share-locked (an admin edit waits), the minimum
 * checked, the principal held in the change account (refused when short) and the order stored
 * with the product's terms of now.
 */
export async function deposit(
  tx: Tx,
  args: { userId: number; productId: number; amount: string; now: Date },
): Promise<{ order: LockOrderRow; product: LockProductRow }> {
  const p = await productForShare(tx, args.productId);
  if (!p || p.status !== 1) throw new AppError('record_not_found', { field: 'config_id' });
  if (money(args.amount).lt(p.minAmount)) {
    throw new AppError('amount_below_minimum', {
      field: 'amount',
      values: { minimum: `${toWire(p.minAmount)} ${nameOfCurrency(p.currencyId)}` },
    });
  }
  const account = userAccount(args.userId, p.currencyId, 'change');
  let held;
  try {
    held = await hold(tx, { account, amount: args.amount, kind: 'lock_deposit', userId: args.userId, at: args.now });
  } catch (err) {
    if (!(err instanceof AppError) || err.key !== 'insufficient_balance') throw err;
    const { available } = await balanceOf(tx, args.userId, p.currencyId, 'change');
    throw new AppError('insufficient_balance_available', {
      field: 'amount',
      values: { available: toWire(available), currency: nameOfCurrency(p.currencyId) },
    });
  }
  const span = lockSpan(args.now, p.days);
  const order = await insertOrder(tx, {
    userId: args.userId,
    productId: p.id,
    currencyId: p.currencyId,
    amount: toWire(args.amount),
    days: p.days,
    minRate: p.minRate,
    maxRate: p.maxRate,
    penaltyRate: p.penaltyRate,
    holdId: held.holdId,
    firstDay: span.firstDay,
    lastDay: span.lastDay,
    paidThroughDay: span.firstDay - 1,
    status: 'in_progress',
    createdAt: args.now,
    endAt: span.endAt,
  });
  return { order, product: p };
}

/**
 * Pays a locked order's unpaid interest days up to `throughDay` (never past its last day): one
 * ledger transaction per day from the house to the change account's available balance, then the
 * paid-through day moves, conditionally on where it was. Returns the order as it now stands.
 */
export async function payInterest(tx: Tx, o: LockOrderRow, throughDay: number, now: Date): Promise<LockOrderRow> {
  const until = Math.min(o.lastDay, throughDay);
  if (until <= o.paidThroughDay) return o;
  const rates = new Map(
    (await ratesBetween(tx, [o.productId], o.paidThroughDay + 1, until)).map((r) => [r.day, toWire(r.rate)]),
  );
  let total = money(o.interest);
  for (let day = o.paidThroughDay + 1; day <= until; day++) {
    const rate = rateForOrder(rates.get(day), o.minRate, o.maxRate);
    const amount = dayInterest(o.amount, rate);
    total = total.plus(amount);
    if (amount.isZero()) continue;
    await post(tx, {
      kind: 'lock_interest',
      userId: o.userId,
      at: now,
      meta: { orderId: o.id, day: ms(dayStart(day)), rate: rate.toFixed() },
      entries: [
        { account: systemAccount('house', o.currencyId), amount: amount.neg() },
        { account: userAccount(o.userId, o.currencyId, 'change'), amount },
      ],
    });
  }
  const set = { paidThroughDay: until, interest: total.toFixed() };
  if (!(await markPaid(tx, o.id, o.paidThroughDay, set))) throw new Error(`lock order ${o.id} changed under its lock`);
  return { ...o, ...set };
}

/** Early redemption of the user's order: finished days paid, then the penalty to the house and the rest back. */
export async function redeemEarly(tx: Tx, args: { userId: number; id: number; now: Date }): Promise<LockOrderRow> {
  const locked = await lockInProgress(tx, args.id, args.userId);
  if (!locked) throw new AppError('order_not_found', { field: 'id' });
  const o = await payInterest(tx, locked, dayOf(args.now) - 1, args.now);
  const { penalty, refund } = earlyRedemption(o.amount, o.penaltyRate, remainingDays(o.lastDay, args.now));
  await postHold(tx, o.holdId, {
    kind: 'lock_redeem',
    userId: o.userId,
    at: args.now,
    meta: { orderId: o.id, penalty: penalty.toFixed() },
    to: [
      { account: userAccount(o.userId, o.currencyId, 'change'), amount: refund },
      { account: systemAccount('house', o.currencyId), amount: penalty },
    ],
  });
  const done = await markRedeemed(tx, o.id, {
    redeemKind: 'early',
    penalty: penalty.toFixed(),
    refund: refund.toFixed(),
    redeemedAt: args.now,
  });
  if (!done) throw new Error(`lock order ${o.id} changed under its lock`);
  return done;
}

/** The daily interest job's work for the day `day`: every order owed interest through it. */
export async function payDay(tx: Tx, day: number, now: Date): Promise<number> {
  let paid = 0;
  for (;;) {
    const ids = await ordersOwedInterest(tx, day, BATCH);
    let progressed = 0;
    for (const id of ids) {
      // Skipping a row a redemption holds: the redemption pays the finished days itself.
      const o = await lockInProgress(tx, id, undefined, true);
      if (!o) continue;
      await payInterest(tx, o, day, now);
      progressed += 1;
    }
    paid += progressed;
    if (ids.length < BATCH || progressed === 0) return paid;
  }
}

/** The maturity sweep: orders whose lock ended by `at` get their last interest and their principal back. */
export async function matureDue(tx: Tx, at: Date, now: Date): Promise<LockOrderRow[]> {
  const matured: LockOrderRow[] = [];
  for (;;) {
    const ids = await ordersDue(tx, at, BATCH);
    let progressed = 0;
    for (const id of ids) {
      const locked = await lockInProgress(tx, id, undefined, true);
      if (!locked) continue;
      const o = await payInterest(tx, locked, locked.lastDay, now);
      await releaseHold(tx, o.holdId, { kind: 'lock_release', userId: o.userId, at: now, meta: { orderId: o.id } });
      const done = await markRedeemed(tx, o.id, {
        redeemKind: 'matured',
        penalty: '0',
        refund: o.amount,
        redeemedAt: now,
      });
      if (!done) throw new Error(`lock order ${o.id} changed under its lock`);
      matured.push(done);
      progressed += 1;
    }
    if (ids.length < BATCH || progressed === 0) return matured;
  }
}

/**
 * Publishes each open product's rate for the given days where none is published yet (a published
 * rate is never replaced). `draw` replaces the CSPRNG draw in tests.
 */
export async function publishDays(
  tx: Tx,
  open: LockProductRow[],
  days: number[],
  now: Date,
  draw: typeof drawRate = drawRate,
): Promise<void> {
  await publishRates(
    tx,
    open.flatMap((p) =>
      days.map((day) => ({ productId: p.id, day, rate: draw(p.minRate, p.maxRate), publishedAt: now })),
    ),
  );
}
