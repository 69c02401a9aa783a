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
  nextConditionalId(): number;
  nextOrderId(): number;
  touch(pairId: number): void;
  /** Puts an order that already has its hold on its pair's book, as the next command there. */
  enter(order: OrderState, hold: BatchHold): void;
}

/** What a conditional order holds: the limit value or budget of a buy, the quantity of a sell. */
export function conditionalHold(pair: PairSpec, c: Pick<NewConditional, 'side' | 'price' | 'qty' | 'budget'>): bigint {
  if (c.side === 'sell') return BigInt(c.qty!) * pair.lotUnits;
  if (c.price !== null) return BigInt(c.price) * BigInt(c.qty!) * pair.valueUnits;
  return BigInt(c.budget!) * pair.valueUnits;
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
    const above = input.side === 'buy';
    let trigger = input.triggerPrice;
    let best: number | null = null;
    if (input.kind === 'trailing_stop') {
      if (last === undefined) return { error: new AppError('price_stale', { field: 'type' }) };
      best = last;
      trigger = trailTrigger(input, last);
    } else if (last !== undefined && (above ? last >= trigger! : last <= trigger!)) {
      return {
        error: new AppError('trigger_price_reached', { field: 'trigger_price', values: { last: priceOf(pair, last) } }),
      };
    }
    const account = ConditionalWork.account(input);
    const need = conditionalHold(pair, input);
    const available = host.ledger.available(account);
    if (available < need) {
      return { error: new AppError('insufficient_balance', { values: { available: fromUnits(available) } }) };
    }
    host.touch(pair.id);
    const c: ConditionalState = {
      id: host.nextConditionalId(),
      owner: input.owner,
      pairId: pair.id,
      kind: input.kind,
      side: input.side,
      triggerPrice: trigger!,
      above,
      price: input.kind === 'stop_limit' ? input.price : null,
      qty: input.qty,
      budget: input.budget,
      trailTicks: input.trailTicks,
      trailBps: input.trailBps,
      bestPrice: best,
      status: 'waiting',
      holdId: 0,
      holdAmount: need,
      orderId: null,
      triggerTradeId: null,
      triggeredAt: null,
      createdAt: host.at,
      updatedAt: host.at,
    };
    const meta = { conditional_id: c.id, pair_id: pair.id };
    this.holds.set(c.id, host.ledger.hold(account, need, { kind: 'order_hold', userId: c.owner, meta }));
    host.watch().add(c);
    this.changed.set(c.id, c);
    return { ok: toStoredConditional(pair, c) };
  }

  cancel(c: ConditionalState): ConditionalOutcome {
    const pair = PAIRS.get(c.pairId)!;
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

  /** The fired order: a limit order (stop-limit) or a market order, with the conditional's hold. */
  private execute(c: ConditionalState): void {
    const { host } = this;
    const hold = this.holdOf(c);
    const order: OrderState = {
      id: host.nextOrderId(),
      owner: c.owner,
      pairId: c.pairId,
      side: c.side,
      type: c.kind === 'stop_limit' ? 'limit' : 'market',
      price: c.kind === 'stop_limit' ? c.price : null,
      qty: c.side === 'sell' || c.kind === 'stop_limit' ? c.qty : null,
      budget: c.side === 'buy' && c.kind !== 'stop_limit' ? c.budget : null,
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
    c.orderId = order.id;
    host.enter(order, hold);
  }
}
