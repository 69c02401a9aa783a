export type Side = 'buy' | 'sell';
/** Owner of an order: a user id, or a string for system owners such as 'maker'. */
export type OwnerId = number | string;
export interface LimitCommand {
  type: 'limit';
  orderId: number;
  owner: OwnerId;
  side: Side;
  price: number /* integer ticks */;
  qty: number /* integer lots */;
  ioc?: boolean;
  postOnly?: boolean;
}
/** Market order: sell (or buy) by `qty` lots, or buy bounded by `budget` in quote units (ticks x lots). Exactly one of qty/budget. */
export interface MarketCommand {
  type: 'market';
  orderId: number;
  owner: OwnerId;
  side: Side;
  qty?: number;
  budget?: number;
}
export interface CancelCommand {
  type: 'cancel';
  orderId: number;
}
export type Command = LimitCommand | MarketCommand | CancelCommand;
export type CancelReason = 'user' | 'ioc' | 'market_remainder' | 'self_trade' | 'post_only';
export type EngineEvent =
  | {
      type: 'accepted';
      seq: number;
      orderId: number;
      owner: OwnerId;
      side: Side;
      price: number | null;
      qty: number | null;
      budget: number | null;
    }
  | { type: 'rejected'; seq: number; orderId: number; reason: 'duplicate_order' | 'unknown_order' | 'invalid' }
  | {
      type: 'trade';
      seq: number;
      takerOrderId: number;
      makerOrderId: number;
      takerOwner: OwnerId;
      makerOwner: OwnerId;
      takerSide: Side;
      price: number;
      qty: number;
    }
  | {
      type: 'cancelled';
      seq: number;
      orderId: number;
      owner: OwnerId;
      remainingQty: number;
      reason: CancelReason;
      /**
       * Only on the 'market_remainder' of a budget buy: the quote units not spent (its
       * `remainingQty` is 0, as such an order has no lot quantity). The caller releases this much.
       */
      remainingBudget?: number;
    }
  | { type: 'done'; seq: number; orderId: number; owner: OwnerId }; // fully filled (taker or maker)
export interface RestingOrder {
  orderId: number;
  owner: OwnerId;
  side: Side;
  price: number;
  qty: number /* remaining lots */;
}
