import type { CancelReason, OrderSide, OrderStatus } from '@contract/trade';
import { fromUnits } from '../ledger/batch';
import { systemAccount, userAccount, type AccountRef } from '../ledger/types';
import { priceOf, qtyOf, valueOf, type PairSpec } from './pairs';
import type { NewOrder, OrderOwner, StoredOrder, StoredTrade } from './types';

/** An order as the core keeps it while it rests (and while a batch works on it): integers only. */
export interface OrderState extends Omit<NewOrder, 'idempotency'> {
  id: number;
  filledLots: number;
  /** Tick x lot value of the fills. */
  filledValue: number;
  /** Units of 10^-18 of the currency this order receives. */
  fee: bigint;
  status: OrderStatus;
  cancelReason: CancelReason | null;
  holdId: number;
  holdAmount: bigint;
  holdRemaining: bigint;
  seq: number;
  createdAt: Date;
  updatedAt: Date;
  /**
   * Set while this order is the limit leg of an OCO whose stop leg waits: the OCO and the whole
   * hold the two legs share, which stays held until a leg acts.
   */
  oco?: { id: number; hold: bigint };
}

export interface TradeState {
  id: number;
  pairId: number;
  seq: number;
  takerOrderId: number;
  makerOrderId: number;
  takerOwner: OrderOwner;
  makerOwner: OrderOwner;
  takerSide: OrderSide;
  price: number;
  qty: number;
  takerFee: bigint;
  makerFee: bigint;
  txId: number;
  createdAt: Date;
}

/** Funds of an order: the owner's change (exchange) account, or the maker's system account. */
export const fundsAccount = (owner: OrderOwner, currencyId: number): AccountRef =>
  owner === 'maker' ? systemAccount('maker', currencyId) : userAccount(owner, currencyId, 'change');

/** The currency an order holds: the settle currency for a buy, the base for a sell. */
export const holdCurrency = (pair: PairSpec, side: OrderSide) => (side === 'buy' ? pair.settleId : pair.baseId);

export const userIdOf = (owner: OrderOwner): number | null => (owner === 'maker' ? null : owner);

export const isResting = (o: Pick<OrderState, 'status'>) => o.status === 'open' || o.status === 'partial';

/**
 * What an order's hold must still contain: a resting order's remaining lots at its price (buy) or
 * in base (sell); an OCO's limit leg whose stop waits, the whole shared hold.
 */
export function holdNeeded(pair: PairSpec, o: OrderState): bigint {
  if (!isResting(o) || o.price === null || o.qty === null) return 0n;
  if (o.oco) return o.oco.hold;
  const lots = BigInt(o.qty - o.filledLots);
  return o.side === 'buy' ? lots * BigInt(o.price) * pair.valueUnits : lots * pair.lotUnits;
}

export function toStoredOrder(pair: PairSpec, o: OrderState): StoredOrder {
  return {
    id: o.id,
    owner: o.owner,
    pairId: o.pairId,
    side: o.side,
    type: o.type,
    price: o.price === null ? null : priceOf(pair, o.price),
    qty: o.qty === null ? null : qtyOf(pair, o.qty),
    budget: o.budget === null ? null : valueOf(pair, o.budget),
    filledQty: qtyOf(pair, o.filledLots),
    filledValue: valueOf(pair, o.filledValue),
    fee: fromUnits(o.fee),
    status: o.status,
    cancelReason: o.cancelReason,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
}

export function toStoredTrade(pair: PairSpec, t: TradeState): StoredTrade {
  return {
    id: t.id,
    pairId: t.pairId,
    takerOrderId: t.takerOrderId,
    makerOrderId: t.makerOrderId,
    takerOwner: t.takerOwner,
    makerOwner: t.makerOwner,
    takerSide: t.takerSide,
    price: priceOf(pair, t.price),
    qty: qtyOf(pair, t.qty),
    value: valueOf(pair, t.price * t.qty),
    createdAt: t.createdAt,
  };
}
