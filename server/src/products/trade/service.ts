import type { ParsedRequestOf } from '@contract/define';
import { BCP47, type Locale } from '@contract/domain/locales';
import type { PairQuote } from '@contract/market';
import type { Fill, Order, placeOrder } from '@contract/trade';
import { AppError } from '../../errors';
import { CATALOG, type Instrument } from '../../market/catalog';
import { formatOpening, sessionOf } from '../../market/market-hours';
import type { MarketRuntime } from '../../market/runtime';
import type {
  IdempotencyInput,
  NewOrder,
  OrderOwner,
  StoredOrder,
  StoredTrade,
  TradingCore,
} from '../../trading/types';
import { averagePrice, budgetUnits, decimalsOf, greaterThan, lessThan, plain, roundUp, stepsOf, times } from './units';

export type PlaceInput = ParsedRequestOf<typeof placeOrder>;

const currencyById = new Map(CATALOG.currencies.map((c) => [c.id, c]));
const instrumentById = new Map(CATALOG.instruments.map((i) => [i.id, i]));

/** The listed pair of a base and a quote currency; an unknown pair is the base's fault. */
export function pairOf(market: MarketRuntime, currencyId: number, legalId: number): Instrument {
  const inst = market.instruments().find((i) => i.base.id === currencyId && i.quote.id === legalId);
  if (!inst) throw new AppError('pair_not_found', { field: 'currency_id' });
  return inst;
}

/** Pair ids matching an optional base and quote (the entrust list's filter). */
export function pairIdsOf(currencyId: number | undefined, legalId: number | undefined): number[] | undefined {
  if (currencyId === undefined && legalId === undefined) return undefined;
  return CATALOG.instruments
    .filter(
      (i) =>
        (currencyId === undefined || i.base.id === currencyId) && (legalId === undefined || i.quote.id === legalId),
    )
    .map((i) => i.id);
}

export const instrumentOf = (pairId: number): Instrument => {
  const inst = instrumentById.get(pairId);
  if (!inst) throw new Error(`order of unknown pair ${pairId}`);
  return inst;
};

/** The currency an order's funds are held in: the settlement currency to buy, the base to sell. */
export function heldCurrencyName(inst: Instrument, side: 'buy' | 'sell'): string {
  if (side === 'sell') return inst.base.name;
  return currencyById.get(inst.rules.settle_id)?.name ?? inst.quote.name;
}

/**
 * Market orders need a live market: a closed stock market ("opens at …" in the user's zone, or
 * UTC) or a stale price refuses them. Limit orders may rest either way.
 */
export function assertMarketTradable(inst: Instrument, quote: PairQuote, now: number, lang: Locale, tz?: string): void {
  const session = sessionOf(inst, now);
  if (!session.open && session.opens_at !== null) {
    const opensAt = formatOpening(session.opens_at, BCP47[lang], tz ?? 'UTC');
    throw new AppError('market_closed', { field: 'type', values: { opens_at: opensAt } });
  }
  if (quote.stale || quote.ts <= 0) throw new AppError('price_stale', { field: 'type' });
}

function quantityLots(inst: Instrument, amount: string): number {
  const { lot_size, min_qty } = inst.rules;
  const lots = stepsOf(amount, lot_size);
  if (lots === null) throw new AppError('amount_off_lot', { field: 'amount', values: { lot: lot_size } });
  if (lessThan(amount, min_qty)) {
    throw new AppError('amount_below_minimum', { field: 'amount', values: { minimum: min_qty } });
  }
  return lots;
}

/** An order's value (quote) above the pair's maximum is refused on `amount`. */
export function assertValueAllowed(inst: Instrument, value: string): void {
  const { max_notional } = inst.rules;
  if (greaterThan(value, max_notional)) {
    throw new AppError('amount_above_maximum', {
      field: 'amount',
      values: { maximum: max_notional, currency: inst.quote.name },
    });
  }
}

/**
 * The order as the trading core takes it, in integer ticks and lots, after every rule of the
 * pair: price on the tick, quantity on the lot and at least the minimum, value at most the
 * maximum. A market buy's `amount` is what to spend in the quote currency; it is rounded down to
 * whole value units (one tick times one lot, e.g. 0.00000001 USDT on BTC/USDT).
 */
export function orderRequest(
  inst: Instrument,
  input: PlaceInput,
  quote: PairQuote,
  now: number,
  lang: Locale,
): Omit<NewOrder, 'owner' | 'idempotency'> {
  const { tick_size, lot_size, min_qty } = inst.rules;
  const base = {
    pairId: inst.id,
    side: input.side,
    type: input.type,
    ioc: input.time_in_force === 'ioc',
    postOnly: input.post_only === '1',
  };
  if (input.type === 'limit') {
    const price = input.target_price as string;
    const ticks = stepsOf(price, tick_size);
    if (ticks === null || ticks < 1) {
      throw new AppError('price_off_tick', { field: 'target_price', values: { tick: tick_size } });
    }
    const lots = quantityLots(inst, input.amount);
    assertValueAllowed(inst, times(price, input.amount));
    return { ...base, price: ticks, qty: lots, budget: null };
  }
  assertMarketTradable(inst, quote, now, lang, input.tz);
  // The limit is measured from the last price, the one the user saw when they confirmed.
  const market =
    input.max_slippage === undefined
      ? base
      : { ...base, slippage: { reference: quote.now_price, maxPercent: input.max_slippage } };
  if (input.side === 'sell') {
    const lots = quantityLots(inst, input.amount);
    assertValueAllowed(inst, times(quote.now_price, input.amount));
    return { ...market, price: null, qty: lots, budget: null };
  }
  assertValueAllowed(inst, input.amount);
  // The least a market buy may spend: the minimum quantity at the last price.
  const minimum = roundUp(times(min_qty, quote.now_price), decimalsOf(tick_size) + decimalsOf(lot_size));
  if (lessThan(input.amount, minimum)) {
    throw new AppError('amount_below_minimum', { field: 'amount', values: { minimum } });
  }
  return { ...market, price: null, qty: null, budget: budgetUnits(input.amount, tick_size, lot_size) };
}

/** What an order looks like wherever it is read from: the core's answer or a stored row. */
export interface OrderLike {
  id: number;
  pairId: number;
  side: StoredOrder['side'];
  type: StoredOrder['type'];
  price: string | null;
  qty: string | null;
  budget: string | null;
  filledQty: string;
  filledValue: string;
  fee: string;
  status: StoredOrder['status'];
  cancelReason: StoredOrder['cancelReason'];
  createdAt: Date;
  updatedAt: Date;
}

const orNull = (v: string | null) => (v === null ? null : plain(v));

export function orderView(o: OrderLike): Order {
  const inst = instrumentOf(o.pairId);
  return {
    id: o.id,
    symbol: inst.symbol,
    currency_id: inst.base.id,
    legal_id: inst.quote.id,
    side: o.side,
    type: o.type,
    price: orNull(o.price),
    amount: orNull(o.qty),
    budget: orNull(o.budget),
    filled: plain(o.filledQty),
    filled_value: plain(o.filledValue),
    avg_price: averagePrice(o.filledValue, o.filledQty, inst.priceDecimals),
    fee: plain(o.fee),
    status: o.status,
    cancel_reason: o.cancelReason,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

export interface FillLike {
  id: number;
  takerOrderId: number;
  price: string;
  qty: string;
  value: string;
  takerFee: string;
  makerFee: string;
  createdAt: Date;
}

export function fillView(orderId: number, t: FillLike): Fill {
  const taker = t.takerOrderId === orderId;
  return {
    id: t.id,
    order_id: orderId,
    price: plain(t.price),
    amount: plain(t.qty),
    value: plain(t.value),
    fee: plain(taker ? t.takerFee : t.makerFee),
    role: taker ? 'taker' : 'maker',
    created_at: t.createdAt.toISOString(),
  };
}

export function publicTradeView(t: StoredTrade) {
  return { price: plain(t.price), amount: plain(t.qty), direction: t.takerSide, ts: t.createdAt.getTime() };
}

/**
 * The core's balance refusal names the amount available; the user sees it with its currency,
 * on the amount field.
 */
export function withAvailable(err: unknown, inst: Instrument, side: 'buy' | 'sell'): unknown {
  if (!(err instanceof AppError) || err.key !== 'insufficient_balance') return err;
  const available = err.values.available;
  if (available === undefined) return err;
  return new AppError('insufficient_balance_available', {
    field: 'amount',
    values: { available: plain(String(available)), currency: heldCurrencyName(inst, side) },
  });
}

export const isUserOwner = (owner: OrderOwner): owner is number => typeof owner === 'number';

/** A market buy placed by the server for a user (recurring buys), not by an HTTP call. */
export interface MarketBuyRequest {
  owner: number;
  pairId: number;
  /** What to spend in the quote currency. */
  quoteAmount: string;
  /** Percent; the fill is refused whole (`slippage_exceeded`) when it would average worse. */
  maxSlippage: string;
  /** Derived by the caller from what it buys for, so a retry replays the first order. */
  idempotency: IdempotencyInput;
  now: number;
}

/**
 * Places a market buy by quote amount through the same rules and core as `/coin/trade`. A retry
 * with the same key replays the first answer, also when the moment no longer allows an order
 * (market closed, stale price) but the first attempt was accepted.
 */
export async function placeMarketBuy(
  market: MarketRuntime,
  trading: TradingCore,
  req: MarketBuyRequest,
): Promise<StoredOrder> {
  const inst = instrumentById.get(req.pairId);
  if (!inst) throw new AppError('pair_not_found', { field: 'currency_id' });
  const input: PlaceInput = {
    currency_id: inst.base.id,
    legal_id: inst.quote.id,
    side: 'buy',
    type: 'market',
    amount: req.quoteAmount,
    time_in_force: 'gtc',
    post_only: '0',
    max_slippage: req.maxSlippage,
  };
  let request;
  try {
    request = orderRequest(inst, input, market.quote(inst), req.now, 'en');
  } catch (err) {
    const answer =
      err instanceof AppError && (err.key === 'market_closed' || err.key === 'price_stale')
        ? await trading.answered(req.owner, req.idempotency)
        : undefined;
    if (answer) return answer;
    throw err;
  }
  return trading.place({ ...request, owner: req.owner, idempotency: req.idempotency });
}
