import { settlementRef } from '@contract/record';
import { leafBody, type RecordValue } from '@contract/domain/settlement-chain';
import type { LockOrderRow } from '../../db/schema/index';
import { CATALOG } from '../../market/catalog';
import { money, toWire, type Money } from '../../ledger/index';
import type { AppendInput, RecordLeaf } from '../../settlement-record/index';
import { partyHash } from '../../settlement-record/index';
import { dayStart } from './terms';

/**
 * The public record of lock mining's payouts (`contract/domain/settlement-outcomes.ts` recomputes
 * each from its leaf alone). Payouts are many (every order, every day), so a record lists them as
 * leaves, one per order it pays (ref `lock_mining:<order id>`, the link of the order's history,
 * which finds all of the order's leaves): one record per chunk of the daily job (ref
 * `lock_day:<day>:<first order id>`), per chunk of the maturity sweep (`lock_mature:<first order
 * id>`, an order matures once) and per early redemption (`lock_redeem:<order id>`, once).
 *
 * A leaf carries the order's terms (principal, lock days, rate range, interest days) and, for each
 * day it pays, the rate published for that day with when it was published (null: none was, and the
 * range's minimum is paid), the rate applied (the published one kept inside the order's range) and
 * the interest, principal x rate rounded down to 8 decimals; then what the event adds: the principal
 * released at maturity, or the early redemption's penalty (ratio x remaining days x principal,
 * rounded down, at most the principal) and refund. Days are the epoch ms of their UTC start.
 */

export type LockEvent = 'interest' | 'maturity' | 'redemption';

/** One interest day paid: the rate published for it (if any), the rate applied and the interest. */
export interface PaidDay {
  day: number;
  published: { rate: string; at: number } | undefined;
  rate: Money;
  interest: Money;
}

export interface Payout {
  order: LockOrderRow;
  event: LockEvent;
  days: readonly PaidDay[];
  /** The order's paid-through day and total interest after this payout. */
  paidThroughDay: number;
  interestTotal: string;
  /** Maturity: the principal released. Redemption: the penalty's terms and result. */
  released?: string;
  redemption?: { remaining: number; penalty: Money; refund: Money };
}

const currencyName = new Map(CATALOG.currencies.map((c) => [c.id, c.name]));
const ms = (day: number) => dayStart(day).getTime();

/** The leaf of one order's payout. */
export function payoutLeaf(p: Payout, at: Date): RecordLeaf {
  const o = p.order;
  const paid = p.days.reduce((sum, d) => sum.plus(d.interest), money(0));
  const data: { [key: string]: RecordValue } = {
    order_id: o.id,
    owner: partyHash(o.userId, o.id),
    event: p.event,
    currency: currencyName.get(o.currencyId) ?? String(o.currencyId),
    principal: toWire(o.amount),
    lock_days: o.days,
    min_rate: toWire(o.minRate),
    max_rate: toWire(o.maxRate),
    first_day: ms(o.firstDay),
    last_day: ms(o.lastDay),
    paid: p.days.map((d) => ({
      day: ms(d.day),
      published_rate: d.published ? toWire(d.published.rate) : null,
      published_at: d.published ? d.published.at : null,
      rate: toWire(d.rate),
      interest: toWire(d.interest),
    })),
    interest_paid: toWire(paid),
    interest_total: toWire(p.interestTotal),
    paid_through_day: ms(p.paidThroughDay),
  };
  if (p.released !== undefined) data.principal_released = toWire(p.released);
  if (p.redemption) {
    data.penalty_rate = toWire(o.penaltyRate);
    data.remaining_days = p.redemption.remaining;
    data.penalty = toWire(p.redemption.penalty);
    data.refund = toWire(p.redemption.refund);
  }
  const ref = settlementRef.lockMining(o.id);
  return { ref, body: leafBody({ kind: 'lock_mining', pair: null, at: at.getTime(), ref, data }) };
}

/** A record of payouts: `ref` names it (see above), its leaves are the orders it pays. */
export function payoutRecord(
  ref: string,
  event: LockEvent,
  payouts: readonly Payout[],
  at: Date,
  day?: number,
): AppendInput {
  return {
    kind: 'lock_mining',
    pair: null,
    at: at.getTime(),
    ref,
    data: { event, orders: payouts.length, ...(day === undefined ? {} : { day: ms(day) }) },
    leaves: payouts.map((p) => payoutLeaf(p, at)),
  };
}
