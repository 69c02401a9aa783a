import type { ConditionalKind, ConditionalStatus } from '@contract/conditional';
import type { OrderSide } from '@contract/trade';
import type { IdempotencyInput } from '../types';

/**
 * A conditional order as the core takes it, in the pair's integer units. `stop_limit`: a limit
 * order at `price` for `qty` once a trade reaches `triggerPrice`; `stop_market`: a market order
 * (`qty` to sell, `budget` to spend). A buy triggers at or above its price, a sell at or below.
 * `trailing_stop`: a market order whose trigger follows the best trade price since placement at
 * `trailTicks` or `trailBps` (1/100 %) behind it. `oco`: a limit order at `limitPrice` for `qty`
 * resting at once, and a stop-limit (`triggerPrice`, `price`) for the same `qty`; the first to act
 * ends the other, and both share one hold (the quantity of a sell, the costlier leg of a buy).
 */
export interface NewConditional {
  owner: number;
  pairId: number;
  kind: ConditionalKind;
  side: OrderSide;
  /** Ticks; ignored for a trailing stop (computed from the last price). */
  triggerPrice: number | null;
  price: number | null;
  qty: number | null;
  budget: number | null;
  trailTicks: number | null;
  trailBps: number | null;
  /** An OCO's limit leg price in ticks; null for the other kinds. */
  limitPrice: number | null;
  idempotency?: IdempotencyInput;
}

/** A conditional order as the core keeps it; integers only. */
export interface ConditionalState extends Omit<NewConditional, 'idempotency' | 'triggerPrice'> {
  id: number;
  triggerPrice: number;
  /** Fires when a trade is at or above `triggerPrice` (else at or below). */
  above: boolean;
  /** A trailing stop's best trade price since placement (highest for a sell, lowest for a buy). */
  bestPrice: number | null;
  status: ConditionalStatus;
  holdId: number;
  holdAmount: bigint;
  /** The order it became: for an OCO the limit leg when that traded first, else the stop's order. */
  orderId: number | null;
  /** An OCO's limit leg, resting from placement with the OCO's hold. */
  limitOrderId: number | null;
  triggerTradeId: number | null;
  triggeredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A conditional order as answered and stored; amounts are decimal strings. */
export interface StoredConditional {
  id: number;
  owner: number;
  pairId: number;
  kind: ConditionalKind;
  side: OrderSide;
  triggerPrice: string;
  above: boolean;
  price: string | null;
  qty: string | null;
  budget: string | null;
  trailDistance: string | null;
  trailPercent: string | null;
  bestPrice: string | null;
  limitPrice: string | null;
  status: ConditionalStatus;
  orderId: number | null;
  limitOrderId: number | null;
  triggerTradeId: number | null;
  triggeredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The trading core's stop orders (`app.ctx.trading`), in the same batches as its orders. */
export interface ConditionalCore {
  /**
   * Holds the funds and watches the trigger; resolves once committed. Refusals: `insufficient_balance`
   * (values.available), `trigger_price_reached` (values.last), `limit_price_reached` (an OCO's limit
   * at or beyond the last trade, values.last), `price_stale` (a trailing stop or an OCO on a pair
   * that never traded), `idempotency_key_reused`.
   */
  placeConditional(order: NewConditional): Promise<StoredConditional>;
  /**
   * Cancels a waiting stop order of `owner` (an OCO with its limit leg) and releases its hold
   * (else `order_not_found`).
   */
  cancelConditional(owner: number, id: number, idempotency?: IdempotencyInput): Promise<StoredConditional>;
}
