import type { LockOrder, LockProduct, LockRate } from '@contract/lockming';
import type { Locale } from '@contract/domain/locales';
import { textIn } from '../../lib/localized';
import { AppError } from '../../errors';
import { notifyFinanceMatured } from '../../push/events';
import { CATALOG } from '../../market/catalog';
import type { LockOrderRow, LockProductRow, LockRateRow } from '../../db/schema/index';
import { balanceOf, hold, money, postHold, systemAccount, toWire, userAccount, type Tx } from '../../ledger/index';
import { LedgerBatch, toUnits } from '../../ledger/batch';
import { runTogether } from '../../db/rows';
import { appendRecords, type AppendInput } from '../../settlement-record/index';
import {
  insertOrder,
  lockDueChunk,
  lockInProgress,
  lockOwedChunk,
  markPaidMany,
  markRedeemed,
  openHolds,
  productForShare,
  publishRates,
  ratesBetween,
  type LiveCursor,
  type PaidUpdate,
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
import { payoutRecord, type PaidDay, type Payout } from './records';

/** Lock mining's rules, without SQL: deposit, daily interest, maturity, early redemption, rates. */

const currencyName = new Map(CATALOG.currencies.map((c) => [c.id, c.name]));
const nameOfCurrency = (id: number) => currencyName.get(id) ?? String(id);
const ms = (d: Date) => d.getTime();
/** Orders a job takes per chunk (one set of multi-row statements); a job loops until none is left. */
const CHUNK = 2000;

const rateView = (r: LockRateRow | undefined): LockRate | null =>
  r ? { day: ms(dayStart(r.day)), rate: toWire(r.rate), published_at: ms(r.publishedAt) } : null;

/** A product's name in the request's language (English when it has none in that language). */
export const productName = (p: Pick<LockProductRow, 'name' | 'texts'>, lang: Locale): string =>
  textIn(p.texts, lang, 'name', p.name);

export function productView(p: LockProductRow, rates: LockRateRow[], now: Date, lang: Locale): LockProduct {
  const today = dayOf(now);
  const of = (day: number) => rates.find((r) => r.productId === p.id && r.day === day);
  return {
    id: p.id,
    name: productName(p, lang),
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

/** A day's published rate and when it was published (epoch ms). */
type PublishedRate = { rate: string; at: number };

/** The rates of the days some orders are owed, by `product|day` (a day without one is absent). */
async function ratesFor(tx: Tx, orders: LockOrderRow[], throughDay: number): Promise<Map<string, PublishedRate>> {
  const from = Math.min(...orders.map((o) => o.paidThroughDay + 1));
  const to = Math.min(throughDay, Math.max(...orders.map((o) => o.lastDay)));
  if (orders.length === 0 || to < from) return new Map();
  const products = [...new Set(orders.map((o) => o.productId))];
  return new Map(
    (await ratesBetween(tx, products, from, to)).map((r) => [
      `${r.productId}|${r.day}`,
      { rate: toWire(r.rate), at: ms(r.publishedAt) },
    ]),
  );
}

/** An order's payment: its new paid-through day and interest, and the days it paid. */
interface Payment {
  update: PaidUpdate;
  days: PaidDay[];
}

/**
 * Adds an order's unpaid interest days up to `throughDay` (never past its last day) to `batch`:
 * one ledger transaction per order and day (`lock_interest`) from the house (on the user's shard)
 * to the change account's available balance. Returns the order's new paid-through day and
 * interest with the days paid, null when nothing is owed.
 */
function addInterest(
  batch: LedgerBatch,
  o: LockOrderRow,
  throughDay: number,
  rates: Map<string, PublishedRate>,
): Payment | null {
  const until = Math.min(o.lastDay, throughDay);
  if (until <= o.paidThroughDay) return null;
  let total = money(o.interest);
  const days: PaidDay[] = [];
  for (let day = o.paidThroughDay + 1; day <= until; day++) {
    const published = rates.get(`${o.productId}|${day}`);
    const rate = rateForOrder(published?.rate, o.minRate, o.maxRate);
    const amount = dayInterest(o.amount, rate);
    total = total.plus(amount);
    days.push({ day, published, rate, interest: amount });
    if (amount.isZero()) continue;
    const units = toUnits(amount.toFixed());
    batch.post({
      kind: 'lock_interest',
      userId: o.userId,
      meta: { orderId: o.id, day: ms(dayStart(day)), rate: rate.toFixed() },
      entries: [
        { account: systemAccount('house', o.currencyId), bucket: 'available', amount: -units },
        { account: userAccount(o.userId, o.currencyId, 'change'), bucket: 'available', amount: units },
      ],
    });
  }
  return { update: { id: o.id, fromDay: o.paidThroughDay, paidThroughDay: until, interest: total.toFixed() }, days };
}

/** The payout of an order by a payment (none: nothing was owed), for its record. */
const payoutOf = (o: LockOrderRow, event: Payout['event'], paid: Payment | null): Payout => ({
  order: o,
  event,
  days: paid?.days ?? [],
  paidThroughDay: paid?.update.paidThroughDay ?? o.paidThroughDay,
  interestTotal: paid?.update.interest ?? toWire(o.interest),
});

/**
 * Writes a batch's ledger transactions and the orders' payments as ONE statement (multi-row
 * inserts, data-modifying CTEs); every order update is conditional on its paid-through day, so a
 * count short of the orders rolls the whole transaction back.
 */
async function writePaid(tx: Tx, batch: LedgerBatch, paid: PaidUpdate[], matured?: { at: Date }): Promise<void> {
  const ledger = await batch.prepare(tx);
  if (paid.length === 0) {
    await runTogether(tx, ledger);
    return;
  }
  const updated = await runTogether(tx, ledger, markPaidMany(paid, matured));
  if (updated !== paid.length) throw new Error(`lock orders changed under their locks: ${updated} of ${paid.length}`);
}

/**
 * Pays a locked order's unpaid interest days up to `throughDay` (never past its last day): one
 * ledger transaction per day from the house to the change account's available balance, then the
 * paid-through day moves, conditionally on where it was. Returns the order as it now stands and
 * the payment (null: nothing was owed).
 */
export async function payInterest(
  tx: Tx,
  o: LockOrderRow,
  throughDay: number,
  now: Date,
): Promise<{ order: LockOrderRow; paid: Payment | null }> {
  const batch = new LedgerBatch(now);
  const paid = addInterest(batch, o, throughDay, await ratesFor(tx, [o], throughDay));
  if (!paid) return { order: o, paid: null };
  await writePaid(tx, batch, [paid.update]);
  return { order: { ...o, paidThroughDay: paid.update.paidThroughDay, interest: paid.update.interest }, paid };
}

/**
 * Early redemption of the user's order: finished days paid, then the penalty to the house and the
 * rest back; the payout is recorded (`lock_redeem:<order id>`) as the transaction's last step.
 */
export async function redeemEarly(tx: Tx, args: { userId: number; id: number; now: Date }): Promise<LockOrderRow> {
  const locked = await lockInProgress(tx, args.id, args.userId);
  if (!locked) throw new AppError('order_not_found', { field: 'id' });
  const { order: o, paid } = await payInterest(tx, locked, dayOf(args.now) - 1, args.now);
  const remaining = remainingDays(o.lastDay, args.now);
  const { penalty, refund } = earlyRedemption(o.amount, o.penaltyRate, remaining);
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
  const payout = { ...payoutOf(locked, 'redemption', paid), redemption: { remaining, penalty, refund } };
  await appendRecords(tx, [payoutRecord(`lock_redeem:${o.id}`, 'redemption', [payout], args.now)]);
  return done;
}

/**
 * The daily interest job's work for the day `day`: every order owed interest through it, in
 * chunks of CHUNK orders locked together (`SKIP LOCKED`: an order a redemption holds is that
 * redemption's to pay). A chunk is one ledger batch (one `lock_interest` transaction per order
 * and day, as before) written with its orders' conditional updates in one statement, and one
 * record of the public record, its orders as leaves; the records are appended as the last step.
 * Returns the number of orders paid.
 */
export async function payDay(tx: Tx, day: number, now: Date): Promise<number> {
  let paid = 0;
  let after: LiveCursor | null = null;
  const records: AppendInput[] = [];
  for (;;) {
    const chunk = await lockOwedChunk(tx, day, after, CHUNK);
    if (chunk.length === 0) break;
    const last = chunk[chunk.length - 1]!;
    after = { endAt: last.endAt, id: last.id };
    const rates = await ratesFor(tx, chunk, day);
    const batch = new LedgerBatch(now);
    const payouts: Payout[] = [];
    const updates = chunk.flatMap((o) => {
      const payment = addInterest(batch, o, day, rates);
      if (!payment) return [];
      payouts.push(payoutOf(o, 'interest', payment));
      return [payment.update];
    });
    await writePaid(tx, batch, updates);
    if (payouts.length > 0) {
      records.push(payoutRecord(`lock_day:${day}:${payouts[0]!.order.id}`, 'interest', payouts, now, day));
    }
    paid += updates.length;
    if (chunk.length < CHUNK) break;
  }
  await appendRecords(tx, records);
  return paid;
}

/**
 * The maturity sweep: orders whose lock ended by `at` get their last interest days and their
 * principal back (the hold released, `lock_release`) and end as matured, in chunks as `payDay`,
 * each chunk one record of the public record. Returns the number of orders matured.
 */
export async function matureDue(tx: Tx, at: Date, now: Date): Promise<number> {
  let matured = 0;
  let after: LiveCursor | null = null;
  const records: AppendInput[] = [];
  for (;;) {
    const chunk = await lockDueChunk(tx, at, after, CHUNK);
    if (chunk.length === 0) break;
    const last = chunk[chunk.length - 1]!;
    after = { endAt: last.endAt, id: last.id };
    const rates = await ratesFor(tx, chunk, Math.max(...chunk.map((o) => o.lastDay)));
    const holds = await openHolds(
      tx,
      chunk.map((o) => o.holdId),
    );
    const batch = new LedgerBatch(now);
    const payouts: Payout[] = [];
    const updates = chunk.map((o) => {
      const payment = addInterest(batch, o, o.lastDay, rates);
      const h = holds.get(o.holdId);
      // An order in progress always has its principal in an open hold; anything else is a bug.
      if (!h) throw new Error(`lock order ${o.id} has no open hold`);
      const hold = batch.existingHold(
        o.holdId,
        userAccount(o.userId, o.currencyId, 'change'),
        toUnits(h.amount),
        toUnits(h.remaining),
      );
      batch.release(hold, toUnits(h.remaining), {
        kind: 'lock_release',
        userId: o.userId,
        meta: { holdId: o.holdId, orderId: o.id },
      });
      batch.close(hold, 'released');
      payouts.push({ ...payoutOf(o, 'maturity', payment), released: h.remaining });
      return (
        payment?.update ?? {
          id: o.id,
          fromDay: o.paidThroughDay,
          paidThroughDay: o.paidThroughDay,
          interest: o.interest,
        }
      );
    });
    await writePaid(tx, batch, updates, { at: now });
    await notifyFinanceMatured(
      tx,
      'lockming',
      chunk.map((o) => o.id),
      now,
    );
    records.push(payoutRecord(`lock_mature:${payouts[0]!.order.id}`, 'maturity', payouts, now));
    matured += updates.length;
    if (chunk.length < CHUNK) break;
  }
  await appendRecords(tx, records);
  return matured;
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
