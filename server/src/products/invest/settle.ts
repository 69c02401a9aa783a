import { DUAL_PRICE_MAX_AGE_MS, DUAL_SETTLE_CURRENCY_ID, dualSettlement } from '@contract/invest';
import type { DualOrderRow } from '../../db/schema/index';
import { priceAt, type RecordedPrice } from '../../market/price-history';
import { money, post, postHold, releaseHold, systemAccount, userAccount, type Tx } from '../../ledger/index';
import { fromUnits, toUnits } from '../../ledger/batch';
import { notifyFinanceMatured } from '../../push/events';
import { appendRecords, type AppendInput } from '../../settlement-record/index';
import { dualRecord } from './records';
import { finishOrder, lockDueOrders } from './repo';
import { SETTLE_BATCH } from './terms';

export interface SweepInput {
  /** Orders matured at or before this time are due (the scheduler period's end). */
  until: number;
  /** When the settlement is booked. */
  now: Date;
  /** How far the stored price record of a pair is final; an order waits until it covers its maturity. */
  recordedThrough: (pairId: number) => number;
  limit?: number;
}

export interface SweepResult {
  completed: number;
  failed: number;
  /** Due but the record is not yet final at their maturity: left for the next sweep. */
  waiting: number;
}

const plain = (v: string) => fromUnits(toUnits(v));

/**
 * Settles every due order (up to `limit`) in the caller's transaction, each exactly once: rows
 * are locked (`SKIP LOCKED`: another process's sweep has them), and the status moves from
 * `purchased` by a conditional update checked to have changed one row, so a second run of the
 * same sweep, concurrent or after a restart, finds nothing to do.
 *
 * The price is the record's last trade at or before the maturity time, stored on the order with
 * its feed time and source. None within `DUAL_PRICE_MAX_AGE_MS` before maturity (the feed was
 * stale or the server recorded nothing then): the order fails and the principal is released;
 * no price is ever guessed. Otherwise SPEC.md section 9 (`dualSettlement`):
 * - below the linked price: the hold is released and the interest paid in the coin from the house;
 * - at or above: the held coin goes to the house and the USDT payout comes from the house.
 * Each settled order, completed or failed, is one record of the public record (`records.ts`),
 * appended as the transaction's last step.
 */
export async function settleDue(tx: Tx, s: SweepInput): Promise<SweepResult> {
  const due = await lockDueOrders(tx, s.until, s.limit ?? SETTLE_BATCH);
  const result: SweepResult = { completed: 0, failed: 0, waiting: 0 };
  const settled: number[] = [];
  const records: AppendInput[] = [];
  for (const order of due) {
    if (s.recordedThrough(order.pairId) < order.maturityAt) {
      result.waiting += 1;
      continue;
    }
    const price = await priceAt(tx, order.pairId, order.maturityAt);
    if (!price || order.maturityAt - price.ts > DUAL_PRICE_MAX_AGE_MS) {
      records.push(dualRecord(order, price, await fail(tx, order, s.now), s.now));
      result.failed += 1;
    } else {
      records.push(dualRecord(order, price, await complete(tx, order, price, s.now), s.now));
      result.completed += 1;
      settled.push(order.id);
    }
  }
  await notifyFinanceMatured(tx, 'dual', settled, s.now);
  await appendRecords(tx, records);
  return result;
}

type Outcome = Parameters<typeof dualRecord>[2];

async function fail(tx: Tx, order: DualOrderRow, now: Date): Promise<Outcome> {
  await releaseHold(tx, order.holdId, {
    kind: 'dual_refund',
    userId: order.userId,
    meta: { dual_order_id: order.id },
    at: now,
  });
  await finish(tx, order.id, {
    status: 'failed',
    settlePrice: null,
    settlePriceAt: null,
    settleSource: null,
    payout: order.amount,
    payoutCurrencyId: order.currencyId,
    settledAt: now,
  });
  return { status: 'failed', payout: order.amount, payoutCurrencyId: order.currencyId };
}

async function complete(tx: Tx, order: DualOrderRow, price: RecordedPrice, now: Date): Promise<Outcome> {
  const amount = plain(order.amount);
  const { coin, payout } = dualSettlement(
    { amount, linkedPrice: plain(order.linkedPrice), holdingDays: order.holdingDays, apr: plain(order.apr) },
    price.price,
  );
  const meta = { dual_order_id: order.id, settle_price: price.price };
  const user = (currencyId: number) => userAccount(order.userId, currencyId, 'change');
  const house = (currencyId: number) => systemAccount('house', currencyId);
  if (coin) {
    // Principal back, interest in the coin from the house.
    await releaseHold(tx, order.holdId, { kind: 'dual_settle', userId: order.userId, meta, at: now });
    const interest = money(payout).minus(money(amount));
    if (interest.gt(0)) {
      await post(tx, {
        kind: 'dual_settle',
        userId: order.userId,
        meta,
        at: now,
        entries: [
          { account: house(order.currencyId), amount: interest.neg() },
          { account: user(order.currencyId), amount: interest },
        ],
      });
    }
  } else {
    // The coin is sold to the house at the linked price, with the interest, in USDT.
    await postHold(tx, order.holdId, {
      kind: 'dual_settle',
      userId: order.userId,
      meta,
      at: now,
      to: [{ account: house(order.currencyId), amount }],
    });
    await post(tx, {
      kind: 'dual_settle',
      userId: order.userId,
      meta,
      at: now,
      entries: [
        { account: house(DUAL_SETTLE_CURRENCY_ID), amount: money(payout).neg() },
        { account: user(DUAL_SETTLE_CURRENCY_ID), amount: payout },
      ],
    });
  }
  const payoutCurrencyId = coin ? order.currencyId : DUAL_SETTLE_CURRENCY_ID;
  await finish(tx, order.id, {
    status: 'completed',
    settlePrice: price.price,
    settlePriceAt: price.ts,
    settleSource: price.source,
    payout,
    payoutCurrencyId,
    settledAt: now,
  });
  return { status: 'completed', payout, payoutCurrencyId };
}

async function finish(tx: Tx, id: number, set: Parameters<typeof finishOrder>[2]): Promise<void> {
  // The row is locked by this sweep, so it is still `purchased`; anything else is a bug: roll back.
  if (!(await finishOrder(tx, id, set))) throw new Error(`dual order ${id} was settled twice`);
}
