import Decimal from 'decimal.js';
import { AppError } from '../errors';
import { fromUnits, LedgerBatch, type BatchEntry, type BatchHold, type PendingTx } from '../ledger/batch';
import { systemAccount, type AccountRef } from '../ledger/types';
import type { EngineEvent, OrderBook } from './engine/index';
import { feeOn, PAIRS, qtyOf, valueOf, type PairSpec } from './pairs';
import {
  fundsAccount,
  holdCurrency,
  holdNeeded,
  isResting,
  toStoredOrder,
  userIdOf,
  type OrderState,
  type TradeState,
} from './state';
import type { NewOrder, OrderOwner, SlippageLimit, StoredOrder } from './types';
import { ConditionalWork } from './conditional/work';
import type { Watch } from './conditional/watch';

/** The core's memory a batch works on: the books and their resting orders. */
export interface Books {
  book(pairId: number): OrderBook;
  /** The resting orders of a pair by id. */
  resting(pairId: number): Map<number, OrderState>;
  /** Ids rise within a pair (its time priority); see `IdSource`. */
  nextOrderId(pairId: number): number;
  nextTradeId(pairId: number): number;
  /** Called before a batch first changes a pair's book, so readers keep the committed view. */
  willChange(pairId: number): void;
  /** The waiting conditional orders and their trigger indexes. */
  watch(): Watch;
  nextConditionalId(pairId: number): number;
}

export type Outcome = { ok: StoredOrder } | { error: AppError };

/**
 * One batch's work in memory: holds checked against the running balances of the locked
 * accounts, commands applied to the books, fills and releases turned into ledger transactions.
 * Nothing here is stored until the core writes the batch; if that fails the core rebuilds the
 * books the batch touched.
 */
export class BatchWork {
  readonly ledger: LedgerBatch;
  readonly orders = new Map<number, OrderState>();
  readonly trades: (TradeState & { tx: PendingTx })[] = [];
  readonly pairs = new Set<number>();
  private readonly holds = new Map<number, BatchHold>();
  /** Stop orders: placed and cancelled here, fired by this batch's trades. */
  readonly conditional: ConditionalWork;

  constructor(
    private readonly books: Books,
    readonly at: Date,
  ) {
    this.ledger = new LedgerBatch(at);
    this.conditional = new ConditionalWork({
      ledger: this.ledger,
      at,
      trades: this.trades,
      watch: () => books.watch(),
      nextConditionalId: (pairId) => books.nextConditionalId(pairId),
      nextOrderId: (pairId) => books.nextOrderId(pairId),
      touch: (pairId) => this.touch(pairId),
      enter: (order, hold) => this.enter(order, hold),
      cancelOrder: (pairId, orderId) => this.cancel(this.restingOrder(pairId, orderId)),
      retireLeg: (pairId, orderId) => this.retireLeg(this.restingOrder(pairId, orderId)),
    });
  }

  private restingOrder(pairId: number, orderId: number): OrderState {
    const order = this.books.resting(pairId).get(orderId);
    if (!order) throw new Error(`order ${orderId} is not resting on pair ${pairId}`);
    return order;
  }

  /** The account a new order holds from. */
  static placeAccount(order: NewOrder): AccountRef {
    return fundsAccount(order.owner, holdCurrency(PAIRS.get(order.pairId)!, order.side));
  }

  /** A resting order of `owner`, whichever pair it is on. */
  findResting(owner: OrderOwner, orderId: number): OrderState | undefined {
    for (const pairId of PAIRS.keys()) {
      const order = this.books.resting(pairId).get(orderId);
      if (order) return order.owner === owner ? order : undefined;
    }
    return undefined;
  }

  place(input: NewOrder): Outcome {
    const pair = PAIRS.get(input.pairId)!;
    const account = BatchWork.placeAccount(input);
    const need = holdFor(pair, input);
    const available = this.ledger.available(account);
    if (available < need) {
      return { error: new AppError('insufficient_balance', { values: { available: fromUnits(available) } }) };
    }
    const slipped = input.slippage ? this.slippageRefusal(pair, input, input.slippage) : undefined;
    if (slipped) return { error: slipped };
    this.touch(pair.id);
    const order: OrderState = {
      id: this.books.nextOrderId(pair.id),
      owner: input.owner,
      pairId: pair.id,
      side: input.side,
      type: input.type,
      price: input.price,
      qty: input.qty,
      budget: input.budget,
      ioc: input.ioc,
      postOnly: input.postOnly,
      filledLots: 0,
      filledValue: 0,
      fee: 0n,
      status: 'open',
      cancelReason: null,
      holdId: 0,
      holdAmount: need,
      holdRemaining: need,
      seq: 0,
      createdAt: this.at,
      updatedAt: this.at,
    };
    const meta = { order_id: order.id, pair_id: pair.id };
    this.enter(order, this.ledger.hold(account, need, { kind: 'order_hold', userId: userIdOf(order.owner), meta }));
    return { ok: toStoredOrder(pair, order) };
  }

  /**
   * Puts an order with its hold on its pair's book; then the trades of the batch so far may fire
   * stop orders, which enter the book in turn.
   */
  private enter(order: OrderState, hold: BatchHold): void {
    const pair = PAIRS.get(order.pairId)!;
    this.touch(pair.id);
    this.holds.set(order.id, hold);
    const events = this.books.book(pair.id).apply(
      order.type === 'limit'
        ? {
            type: 'limit',
            orderId: order.id,
            owner: order.owner,
            side: order.side,
            price: order.price!,
            qty: order.qty!,
            ioc: order.ioc,
            postOnly: order.postOnly,
          }
        : {
            type: 'market',
            orderId: order.id,
            owner: order.owner,
            side: order.side,
            ...(order.budget === null ? { qty: order.qty! } : { budget: order.budget }),
          },
    );
    this.apply(pair, events, order);
    this.conditional.cascade();
  }

  /**
   * The refusal of a market order whose fill on the book as it is now would average worse than
   * its limit allows; checked in the batch, right before the order meets the book, so the fill
   * that follows is the one estimated. An order the book cannot fill at all is not refused here.
   */
  private slippageRefusal(pair: PairSpec, input: NewOrder, limit: SlippageLimit): AppError | undefined {
    if (input.type !== 'market') return undefined;
    const size = input.budget === null ? { qty: input.qty! } : { budget: input.budget };
    const { lots, value } = this.books.book(pair.id).sweep(input.owner, input.side, size);
    if (lots === 0) return undefined;
    const average = new Decimal(valueOf(pair, value)).div(qtyOf(pair, lots));
    const reference = new Decimal(limit.reference);
    const worse = input.side === 'buy' ? average.minus(reference) : reference.minus(average);
    const percent = worse.div(reference).times(100);
    if (percent.lte(limit.maxPercent)) return undefined;
    return new AppError('slippage_exceeded', {
      field: 'max_slippage',
      values: { slippage: percent.toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(), limit: limit.maxPercent },
    });
  }

  cancel(order: OrderState): Outcome {
    const pair = PAIRS.get(order.pairId)!;
    this.touch(pair.id);
    this.apply(pair, this.books.book(pair.id).apply({ type: 'cancel', orderId: order.id }), undefined);
    return { ok: toStoredOrder(pair, order) };
  }

  /**
   * Takes an OCO's limit leg (never filled: a fill ends its OCO) off the book when its stop fires.
   * Its hold stays open: the stop's order takes it over right after.
   */
  private retireLeg(order: OrderState): BatchHold {
    const pair = PAIRS.get(order.pairId)!;
    this.touch(pair.id);
    const hold = this.holdOf(pair, order);
    const events = this.books.book(pair.id).apply({ type: 'cancel', orderId: order.id });
    const ev = events.find((e) => e.type === 'cancelled');
    if (!ev || events.length !== 1) throw new Error(`the book did not cancel order ${order.id}`);
    delete order.oco;
    order.status = 'cancelled';
    order.cancelReason = 'oco';
    order.seq = ev.seq;
    order.holdRemaining = hold.remaining;
    order.updatedAt = this.at;
    this.books.resting(pair.id).delete(order.id);
    this.orders.set(order.id, order);
    return hold;
  }

  /** Gives the rows written by the ledger their ids (holds of new orders, fills' transactions). */
  linkIds(): void {
    for (const [id, order] of this.orders) {
      const hold = this.holds.get(id);
      if (hold) order.holdId = hold.id;
    }
    for (const t of this.trades) t.txId = t.tx.id;
    this.conditional.linkIds();
  }

  private touch(pairId: number): void {
    if (this.pairs.has(pairId)) return;
    this.books.willChange(pairId);
    this.pairs.add(pairId);
  }

  private holdOf(pair: PairSpec, order: OrderState): BatchHold {
    let hold = this.holds.get(order.id);
    if (!hold) {
      const account = fundsAccount(order.owner, holdCurrency(pair, order.side));
      hold = this.ledger.existingHold(order.holdId, account, order.holdAmount, order.holdRemaining);
      this.holds.set(order.id, hold);
    }
    return hold;
  }

  private apply(pair: PairSpec, events: EngineEvent[], taker: OrderState | undefined): void {
    const resting = this.books.resting(pair.id);
    const find = (id: number) => {
      const order = id === taker?.id ? taker : resting.get(id);
      if (!order) throw new Error(`book event for unknown order ${id}`);
      return order;
    };
    const touched = new Set<OrderState>();
    /** The first trade of this command for each OCO limit leg it filled. */
    const ocoFills = new Map<OrderState, number>();
    for (const ev of events) {
      switch (ev.type) {
        case 'accepted': {
          const o = find(ev.orderId);
          o.seq = ev.seq;
          touched.add(o);
          break;
        }
        case 'rejected':
          throw new Error(`the book refused order ${ev.orderId}: ${ev.reason}`);
        case 'trade': {
          const t = find(ev.takerOrderId);
          const m = find(ev.makerOrderId);
          const id = this.fill(pair, t, m, ev);
          for (const o of [t, m]) if (o.oco && !ocoFills.has(o)) ocoFills.set(o, id);
          touched.add(t).add(m);
          break;
        }
        case 'cancelled': {
          const o = find(ev.orderId);
          o.status = 'cancelled';
          o.cancelReason = ev.reason;
          o.seq = ev.seq;
          touched.add(o);
          break;
        }
        case 'done': {
          const o = find(ev.orderId);
          o.status = 'filled';
          o.seq = ev.seq;
          touched.add(o);
          break;
        }
      }
    }
    for (const o of touched) this.endOco(o, ocoFills.get(o));
    for (const o of touched) this.settle(pair, o, resting);
  }

  /**
   * An OCO's limit leg that traded or left the book ends its stop leg before its hold is settled,
   * so the hold then keeps only what the limit order itself still needs.
   */
  private endOco(o: OrderState, tradeId: number | undefined): void {
    if (!o.oco || (tradeId === undefined && isResting(o))) return;
    this.conditional.limitLegEnded(o.oco.id, o.id, tradeId ?? null);
    delete o.oco;
  }

  /** Releases what an order's hold no longer needs; closes it when the order is over. */
  private settle(pair: PairSpec, o: OrderState, resting: Map<number, OrderState>): void {
    const hold = this.holdOf(pair, o);
    const excess = hold.remaining - holdNeeded(pair, o);
    if (excess < 0n) throw new Error(`order ${o.id} holds ${fromUnits(-excess)} too little`);
    if (excess > 0n) {
      this.ledger.release(hold, excess, {
        kind: 'order_release',
        userId: userIdOf(o.owner),
        meta: { order_id: o.id, pair_id: pair.id },
      });
    }
    if (isResting(o)) {
      resting.set(o.id, o);
    } else {
      this.ledger.close(hold, o.filledLots > 0 ? 'posted' : 'released');
      resting.delete(o.id);
    }
    o.holdRemaining = hold.remaining;
    o.updatedAt = this.at;
    this.orders.set(o.id, o);
  }

  /** Settles one trade between two orders' holds; returns the trade's id. */
  private fill(
    pair: PairSpec,
    taker: OrderState,
    maker: OrderState,
    ev: Extract<EngineEvent, { type: 'trade' }>,
  ): number {
    const [buyer, seller] = ev.takerSide === 'buy' ? [taker, maker] : [maker, taker];
    const value = ev.price * ev.qty;
    const quote = BigInt(value) * pair.valueUnits;
    const base = BigInt(ev.qty) * pair.lotUnits;
    const buyerFee = feeOn(pair, base);
    const sellerFee = feeOn(pair, quote);
    const entries: BatchEntry[] = [
      this.ledger.spend(this.holdOf(pair, buyer), quote),
      { account: fundsAccount(buyer.owner, pair.baseId), bucket: 'available', amount: base - buyerFee },
      this.ledger.spend(this.holdOf(pair, seller), base),
      { account: fundsAccount(seller.owner, pair.settleId), bucket: 'available', amount: quote - sellerFee },
      { account: systemAccount('fees', pair.baseId), bucket: 'available', amount: buyerFee },
      { account: systemAccount('fees', pair.settleId), bucket: 'available', amount: sellerFee },
    ];
    const id = this.books.nextTradeId(pair.id);
    const tx = this.ledger.post({
      kind: 'order_fill',
      userId: userIdOf(taker.owner) ?? userIdOf(maker.owner),
      entries,
      meta: { trade_id: id, pair_id: pair.id },
    });
    for (const [o, fee] of [
      [buyer, buyerFee],
      [seller, sellerFee],
    ] as const) {
      o.filledLots += ev.qty;
      o.filledValue += value;
      o.fee += fee;
      o.status = 'partial';
      o.seq = ev.seq;
    }
    this.trades.push({
      id,
      pairId: pair.id,
      seq: ev.seq,
      takerOrderId: taker.id,
      makerOrderId: maker.id,
      takerOwner: taker.owner,
      makerOwner: maker.owner,
      takerSide: ev.takerSide,
      price: ev.price,
      qty: ev.qty,
      takerFee: taker === buyer ? buyerFee : sellerFee,
      makerFee: maker === buyer ? buyerFee : sellerFee,
      txId: 0,
      tx,
      createdAt: this.at,
    });
    return id;
  }
}

/** What an order holds: price x qty of the settle currency for a buy (a market buy: its budget), qty of the base for a sell. */
function holdFor(pair: PairSpec, o: NewOrder): bigint {
  if (o.side === 'sell') return BigInt(o.qty!) * pair.lotUnits;
  if (o.type === 'market') return BigInt(o.budget!) * pair.valueUnits;
  return BigInt(o.price!) * BigInt(o.qty!) * pair.valueUnits;
}
