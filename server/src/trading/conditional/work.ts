import { AppError } from '../../errors';
import { fromUnits, type BatchHold, type LedgerBatch } from '../../ledger/batch';
import { PAIRS, priceOf, type PairSpec } from '../pairs';
import { fundsAccount, holdCurrency, type OrderState } from '../state';
import type { ConditionalState, NewConditional, StoredConditional } from './types';
import { toStoredConditional } from './state';
import { trailTrigger, type Watch } from './watch';

export type ConditionalOutcome = { ok: StoredConditional } | { error: AppError };

/** What a batch gives its conditional orders: the ledger, its trades so far, and the book. */
export interface ConditionalHost {
  readonly ledger: LedgerBatch;
  readonly at: Date;
  readonly trades: readonly { id: number; pairId: number; price: number }[];
  watch(): Watch;
  nextConditionalId(pairId: number): number;
  nextOrderId(pairId: number): number;
  touch(pairId: number): void;
  /** Puts an order that already has its hold on its pair's book, as the next command there. */
  enter(order: OrderState, hold: BatchHold): void;
  /** Cancels a resting order as `/coin/cancel` does (an OCO's limit leg: the OCO ends with it). */
  cancelOrder(pairId: number, orderId: number): void;
  /** Takes an OCO's limit leg off its book, keeping its hold open for the stop's order. */
  retireLeg(pairId: number, orderId: number): BatchHold;
}

/**
 * What a conditional order holds: the limit value or budget of a buy, the quantity of a sell. An
 * OCO's legs share one hold: the quantity of a sell, the value of the costlier leg of a buy.
 */
export function conditionalHold(
  pair: PairSpec,
  c: Pick<NewConditional, 'side' | 'price' | 'qty' | 'budget' | 'limitPrice'>,
): bigint {
  if (c.side === 'sell') return BigInt(c.qty!) * pair.lotUnits;
  if (c.price !== null) return BigInt(Math.max(c.price, c.limitPrice ?? 0)) * BigInt(c.qty!) * pair.valueUnits;
  return BigInt(c.budget!) * pair.valueUnits;
}

/**
 * Why a stop order cannot be placed against the pair's last trade (ticks; undefined if the pair
 * never traded): its trigger already reached; an OCO also needs a last trade, and its limit must
 * lie on the other side of it (above for a sell, below for a buy).
 */
function placeRefusal(pair: PairSpec, input: NewConditional, last: number | undefined): AppError | undefined {
  const above = input.side === 'buy';
  if (last === undefined) {
    const unpriced = input.kind === 'trailing_stop' || input.kind === 'oco';
    return unpriced ? new AppError('price_stale', { field: 'type' }) : undefined;
  }
  const values = { last: priceOf(pair, last) };
  const trigger = input.triggerPrice!;
  if (input.kind !== 'trailing_stop' && (above ? last >= trigger : last <= trigger)) {
    return new AppError('trigger_price_reached', { field: 'trigger_price', values });
  }
  const limit = input.limitPrice!;
  if (input.kind === 'oco' && (above ? limit >= last : limit <= last)) {
    return new AppError('limit_price_reached', { field: 'limit_price', values });
  }
  return undefined;
}

/**
 * One batch's conditional orders: placements hold their funds, cancels release them, and after
 * every command each new trade of the batch, in sequence, is shown to the watch; what it fires
 * becomes an order on the book (taking over the hold) right after, and that order's trades are
 * shown in turn. All of it commits with the batch, or none of it (the core then reloads the
 * pair's waiting orders), so a trigger fires exactly once.
 */
export class ConditionalWork {
  readonly changed = new Map<number, ConditionalState>();
  private readonly holds = new Map<number, BatchHold>();
  private seen = 0;
  /** Whether `cascade` is running: an order it enters must not start another one inside it. */
  private cascading = false;

  constructor(private readonly host: ConditionalHost) {}

  static account(c: Pick<NewConditional, 'owner' | 'pairId' | 'side'>) {
    return fundsAccount(c.owner, holdCurrency(PAIRS.get(c.pairId)!, c.side));
  }

  find(owner: number, id: number): ConditionalState | undefined {
    const c = this.host.watch().waiting.get(id);
    return c && c.owner === owner ? c : undefined;
  }

  place(input: NewConditional): ConditionalOutcome {
    const { host } = this;
    const pair = PAIRS.get(input.pairId)!;
    const last = host.watch().last.get(pair.id);
    const refused = placeRefusal(pair, input, last);
    if (refused) return { error: refused };
    const trailing = input.kind === 'trailing_stop';
    const account = ConditionalWork.account(input);
    const need = conditionalHold(pair, input);
    const available = host.ledger.available(account);
    if (available < need) {
      return { error: new AppError('insufficient_balance', { values: { available: fromUnits(available) } }) };
    }
    host.touch(pair.id);
    const c: ConditionalState = {
      id: host.nextConditionalId(pair.id),
      owner: input.owner,
      pairId: pair.id,
      kind: input.kind,
      side: input.side,
      triggerPrice: trailing ? trailTrigger(input, last!) : input.triggerPrice!,
      above: input.side === 'buy',
      price: input.kind === 'stop_limit' || input.kind === 'oco' ? input.price : null,
      qty: input.qty,
      budget: input.budget,
      trailTicks: input.trailTicks,
      trailBps: input.trailBps,
      bestPrice: trailing ? last! : null,
      limitPrice: input.kind === 'oco' ? input.limitPrice : null,
      status: 'waiting',
      holdId: 0,
      holdAmount: need,
      orderId: null,
      limitOrderId: null,
      triggerTradeId: null,
      triggeredAt: null,
      createdAt: host.at,
      updatedAt: host.at,
    };
    const meta = { conditional_id: c.id, pair_id: pair.id };
    const hold = host.ledger.hold(account, need, { kind: 'order_hold', userId: c.owner, meta });
    this.holds.set(c.id, hold);
    host.watch().add(c);
    this.changed.set(c.id, c);
    // The limit leg meets the book as any limit order, after the stop leg is watched: a fill now
    // ends the stop leg before it could fire.
    if (c.kind === 'oco') host.enter(this.limitLeg(c, hold), hold);
    return { ok: toStoredConditional(pair, c) };
  }

  /** An OCO's limit leg: a limit order on the OCO's hold, which keeps it all while the stop waits. */
  private limitLeg(c: ConditionalState, hold: BatchHold): OrderState {
    c.limitOrderId = this.host.nextOrderId(c.pairId);
    return {
      ...this.orderOf(c, hold),
      id: c.limitOrderId,
      price: c.limitPrice,
      oco: { id: c.id, hold: c.holdAmount },
    };
  }

  /**
   * An OCO's limit leg traded (`tradeId`: its first fill of the batch) or left the book: the stop
   * leg stops waiting in the same batch, and the OCO became that order, or was cancelled with it.
   */
  limitLegEnded(id: number, orderId: number, tradeId: number | null): void {
    const { host } = this;
    const c = host.watch().waiting.get(id);
    if (!c || c.limitOrderId !== orderId) throw new Error(`order ${orderId} is not the limit leg of a waiting OCO`);
    host.watch().remove(id);
    if (tradeId === null) {
      c.status = 'cancelled';
    } else {
      c.status = 'triggered';
      c.orderId = orderId;
      c.triggerTradeId = tradeId;
      c.triggeredAt = host.at;
    }
    c.updatedAt = host.at;
    this.changed.set(c.id, c);
  }

  cancel(c: ConditionalState): ConditionalOutcome {
    const pair = PAIRS.get(c.pairId)!;
    if (c.kind === 'oco') {
      // Through its limit leg, whose cancel ends the OCO and releases the shared hold.
      this.host.cancelOrder(c.pairId, c.limitOrderId!);
      if (c.status !== 'cancelled') throw new Error(`OCO ${c.id} outlived its limit leg`);
      return { ok: toStoredConditional(pair, c) };
    }
    this.host.touch(pair.id);
    this.host.watch().remove(c.id);
    const hold = this.holdOf(c);
    this.host.ledger.release(hold, hold.remaining, {
      kind: 'order_release',
      userId: c.owner,
      meta: { conditional_id: c.id, pair_id: pair.id },
    });
    this.host.ledger.close(hold, 'released');
    c.status = 'cancelled';
    c.updatedAt = this.host.at;
    this.changed.set(c.id, c);
    return { ok: toStoredConditional(pair, c) };
  }

  /**
   * Shows the batch's new trades to the watch in sequence; each order they fire enters its book
   * (first fired, first entered), and its own trades are shown before the next one enters.
   */
  cascade(): void {
    if (this.cascading) return;
    this.cascading = true;
    try {
      this.fireAll();
    } finally {
      this.cascading = false;
    }
  }

  private fireAll(): void {
    const { host } = this;
    const queue: ConditionalState[] = [];
    for (;;) {
      while (this.seen < host.trades.length) {
        const t = host.trades[this.seen++]!;
        const { fired, moved } = host.watch().trade(t.pairId, t.price);
        for (const c of moved) {
          c.updatedAt = host.at;
          this.changed.set(c.id, c);
        }
        for (const c of fired) {
          c.status = 'triggered';
          c.triggerTradeId = t.id;
          c.triggeredAt = host.at;
          c.updatedAt = host.at;
          this.changed.set(c.id, c);
          // An OCO's limit leg leaves the book at its trigger, before any order fired earlier
          // enters and could fill it; its hold waits for the stop's order.
          if (c.kind === 'oco') this.holds.set(c.id, host.retireLeg(c.pairId, c.limitOrderId!));
          queue.push(c);
        }
      }
      const next = queue.shift();
      if (!next) return;
      this.execute(next);
    }
  }

  /** Gives new conditional orders the ids of their holds once the ledger has written them. */
  linkIds(): void {
    for (const [id, c] of this.changed) {
      const hold = this.holds.get(id);
      if (hold) c.holdId = hold.id;
    }
  }

  private holdOf(c: ConditionalState): BatchHold {
    let hold = this.holds.get(c.id);
    if (!hold) {
      hold = this.host.ledger.existingHold(c.holdId, ConditionalWork.account(c), c.holdAmount, c.holdAmount);
      this.holds.set(c.id, hold);
    }
    return hold;
  }

  /** The fired order: a limit order (stop-limit, OCO) or a market order, with the conditional's hold. */
  private execute(c: ConditionalState): void {
    const hold = this.holdOf(c);
    const order = { ...this.orderOf(c, hold), id: this.host.nextOrderId(c.pairId) };
    c.orderId = order.id;
    this.host.enter(order, hold);
  }

  /** The order a conditional places on its hold (its id to be given by the caller). */
  private orderOf(c: ConditionalState, hold: BatchHold): OrderState {
    const { host } = this;
    const limit = c.kind === 'stop_limit' || c.kind === 'oco';
    return {
      id: 0,
      owner: c.owner,
      pairId: c.pairId,
      side: c.side,
      type: limit ? 'limit' : 'market',
      price: limit ? c.price : null,
      qty: c.side === 'sell' || limit ? c.qty : null,
      budget: c.side === 'buy' && !limit ? c.budget : null,
      ioc: false,
      postOnly: false,
      filledLots: 0,
      filledValue: 0,
      fee: 0n,
      status: 'open',
      cancelReason: null,
      holdId: c.holdId,
      holdAmount: c.holdAmount,
      holdRemaining: hold.remaining,
      seq: 0,
      createdAt: host.at,
      updatedAt: host.at,
    };
  }
}
