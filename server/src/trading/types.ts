import type { CancelReason, OrderSide, OrderStatus, OrderType } from '@contract/trade';

/**
 * The trading core as the rest of the server sees it (`app.ctx.trading`). Requests arrive here
 * already validated and converted to the pair's integer units (ticks of price, lots of quantity);
 * the core holds funds, matches on the pair's book, settles fills through the ledger and answers
 * only after all of it is committed.
 */

/** A user id, or the house market maker (whose funds are the `maker` system account). */
export type OrderOwner = number | 'maker';

export interface NewOrder {
  owner: OrderOwner;
  pairId: number;
  side: OrderSide;
  type: OrderType;
  /** Limit price in ticks; null for a market order. */
  price: number | null;
  /** Quantity in lots; null for a market buy, which spends `budget`. */
  qty: number | null;
  /** What a market buy may spend, in quote units (ticks x lots); null otherwise. */
  budget: number | null;
  ioc: boolean;
  postOnly: boolean;
  /** The HTTP call's Idempotency-Key, its request hash and scope; absent for the maker. */
  idempotency?: IdempotencyInput;
  /** A market order's slippage limit, checked on the book as the order reaches it. */
  slippage?: SlippageLimit;
}

/**
 * A market order is refused whole (`slippage_exceeded`, nothing held or traded) when the average
 * price it would fill at on the book at that moment is more than `maxPercent` % worse than
 * `reference` (the feed's last price, the one the user saw): above it for a buy, below for a sell.
 */
export interface SlippageLimit {
  reference: string;
  maxPercent: string;
}

export interface IdempotencyInput {
  key: string;
  /** Hash of the request body (`requestHash`), so a reused key with another body is refused. */
  hash: string;
  /** The endpoint path, e.g. "/coin/trade". */
  scope: string;
}

/** An order as stored; amounts are decimal strings in the pair's currencies. */
export interface StoredOrder {
  id: number;
  owner: OrderOwner;
  pairId: number;
  side: OrderSide;
  type: OrderType;
  price: string | null;
  qty: string | null;
  budget: string | null;
  filledQty: string;
  filledValue: string;
  fee: string;
  status: OrderStatus;
  cancelReason: CancelReason | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredTrade {
  id: number;
  pairId: number;
  takerOrderId: number;
  makerOrderId: number;
  takerOwner: OrderOwner;
  makerOwner: OrderOwner;
  takerSide: OrderSide;
  price: string;
  qty: string;
  value: string;
  createdAt: Date;
}

/** What one committed batch changed on one pair, delivered after the commit, in sequence order. */
export interface CommittedBatch {
  pairId: number;
  /** Orders whose status or fills changed (each once, in its final state of the batch). */
  orders: StoredOrder[];
  trades: StoredTrade[];
}

export interface TradingCore {
  /** Rebuilds every pair's book from the stored resting orders; call before serving. */
  start(): Promise<void>;
  /** Stops taking commands, answers those in flight, and returns when the last batch committed. */
  stop(): Promise<void>;
  /** Commands waiting for the next batch (the metrics' queue depth). */
  readonly waiting: number;
  /**
   * Places an order; resolves with it as committed (resting, filled or cancelled). Refusals are
   * AppErrors: `insufficient_balance` (values.available), `idempotency_key_reused`, ...
   */
  place(order: NewOrder): Promise<StoredOrder>;
  /** Cancels a resting order of `owner` (another owner's id answers `order_not_found`). */
  cancel(owner: OrderOwner, orderId: number, idempotency?: IdempotencyInput): Promise<StoredOrder>;
  /**
   * The stored answer of a request already made under this key (a retry), undefined if none;
   * another body under the key throws `idempotency_key_reused`. For checks that depend on the
   * moment (market closed, stale price), so a retry of an accepted order replays it instead.
   */
  answered(owner: number, idempotency: IdempotencyInput): Promise<StoredOrder | undefined>;
  /** Top levels of the live book as decimal strings, bids high to low, asks low to high. */
  depth(pairId: number, levels: number): { bids: [string, string][]; asks: [string, string][] };
  /** The latest trades of the pair, newest first. */
  recentTrades(pairId: number, count: number): StoredTrade[];
  /** Called after every committed batch; returns the unsubscribe function. */
  onCommitted(listener: (batch: CommittedBatch) => void): () => void;
}
