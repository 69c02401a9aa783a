import { Decimal } from 'decimal.js';
import type { OrderSide, OrderType, PairRules } from '@contract/trade';
import { stepDecimals, toDecimal } from '@/lib/format';

/** What the order form holds while the user types: text, as typed. */
export interface OrderDraft {
  side: OrderSide;
  type: OrderType;
  /** Limit price in the quote currency (ignored for market orders). */
  price: string;
  /** Base quantity, except for a market buy, where it is the quote amount to spend. */
  amount: string;
}

/** The rules the form checks against (the server checks again). */
export type FormRules = Pick<PairRules, 'tick_size' | 'lot_size' | 'min_qty' | 'max_notional'>;

/** A market buy spends an amount of the quote currency; every other order names a base quantity. */
export const amountIsQuote = (d: Pick<OrderDraft, 'side' | 'type'>) => d.side === 'buy' && d.type === 'market';

/** Decimal places of a step such as "0.001" (3) or "5" (0): the display rule's own (`stepDecimals`). */
export const decimalsOf = (step: string): number => stepDecimals(step);

/** The largest multiple of `step` not above `value`, written with the step's decimals. */
export function floorToStep(value: Decimal.Value, step: string): string {
  const s = new Decimal(step);
  const v = new Decimal(value);
  if (s.lte(0)) return v.toFixed();
  return v.div(s).floor().times(s).toFixed(decimalsOf(step));
}

/** Whether `value` is a whole number of `step`s. */
export const onStep = (value: Decimal.Value, step: string) => new Decimal(value).mod(step).isZero();

/**
 * One tick up or down from the typed price (or from `reference`, the last price, when nothing
 * usable is typed), snapped onto the tick grid and never below one tick.
 */
export function stepPrice(price: string, reference: string | undefined, tick: string, direction: 1 | -1): string {
  const from = toDecimal(price) ?? toDecimal(reference);
  if (!from) return '';
  const snapped = new Decimal(floorToStep(from, tick));
  // A price between ticks moves onto the grid first: up to the next tick, down to the one below.
  const next = onStep(from, tick)
    ? snapped.plus(new Decimal(tick).times(direction))
    : direction === 1
      ? snapped.plus(tick)
      : snapped;
  const lowest = new Decimal(tick);
  return (next.lt(lowest) ? lowest : next).toFixed(decimalsOf(tick));
}

/** Decimals a market buy's quote amount is written with. */
export const QUOTE_DECIMALS = 8;

/**
 * The amount a slider position (25, 50, 75, 100 %) of the available balance stands for: for a
 * buy the balance is in the quote currency, so a limit buy divides by the price; a market buy
 * spends that share of the quote; a sell offers that share of the base. Quantities are rounded
 * down to the lot, so the order never asks for more than is held. Empty when it cannot be known.
 */
export function sliderAmount(
  percent: number,
  draft: Pick<OrderDraft, 'side' | 'type' | 'price'>,
  available: string,
  rules: Pick<FormRules, 'lot_size'>,
  reference?: string,
): string {
  const balance = toDecimal(available);
  if (!balance || balance.lte(0)) return '';
  const share = balance.times(percent).div(100);
  if (amountIsQuote(draft)) return trim(share.toFixed(QUOTE_DECIMALS, Decimal.ROUND_DOWN));
  if (draft.side === 'sell') return floorToStep(share, rules.lot_size);
  const price = toDecimal(draft.type === 'limit' ? draft.price : reference);
  if (!price || price.lte(0)) return '';
  return floorToStep(share.div(price), rules.lot_size);
}

/** The share of the available balance the typed amount uses, 0-100, for the slider's position. */
export function percentOfAvailable(draft: OrderDraft, available: string, reference?: string): number {
  const balance = toDecimal(available);
  const amount = toDecimal(draft.amount);
  if (!balance || balance.lte(0) || !amount) return 0;
  let used = amount;
  if (draft.side === 'buy' && draft.type === 'limit') {
    const price = toDecimal(draft.price);
    if (!price) return 0;
    used = amount.times(price);
  } else if (draft.side === 'buy' && !amountIsQuote(draft) && reference) {
    used = amount.times(reference);
  }
  return Math.min(100, Math.max(0, used.div(balance).times(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber()));
}

export interface Estimate {
  /** The estimated other side of the order: quote value for quantities, base quantity for a market buy. */
  value: string;
  unit: 'quote' | 'base';
  /** Market orders fill at the book's prices: the estimate uses the last price and is approximate. */
  approximate: boolean;
}

/** The order's estimated total (limit: price x quantity, exact; market: at the last price). */
export function estimate(
  draft: OrderDraft,
  reference: string | undefined,
  rules: Pick<FormRules, 'tick_size' | 'lot_size'>,
): Estimate | null {
  const amount = toDecimal(draft.amount);
  if (!amount || amount.lte(0)) return null;
  if (draft.type === 'limit') {
    const price = toDecimal(draft.price);
    if (!price || price.lte(0)) return null;
    return {
      value: trim(amount.times(price).toFixed(QUOTE_DECIMALS, Decimal.ROUND_DOWN)),
      unit: 'quote',
      approximate: false,
    };
  }
  const last = toDecimal(reference);
  if (!last || last.lte(0)) return null;
  if (amountIsQuote(draft))
    return { value: floorToStep(amount.div(last), rules.lot_size), unit: 'base', approximate: true };
  return {
    value: trim(amount.times(last).toFixed(QUOTE_DECIMALS, Decimal.ROUND_DOWN)),
    unit: 'quote',
    approximate: true,
  };
}

export type OrderProblem =
  | { field: 'target_price' | 'amount'; problem: 'invalid' }
  | { field: 'target_price'; problem: 'off_tick'; step: string }
  | { field: 'amount'; problem: 'off_lot'; step: string }
  | { field: 'amount'; problem: 'below_min'; min: string }
  | { field: 'amount'; problem: 'above_max'; max: string }
  | { field: 'amount'; problem: 'insufficient'; available: string };

export interface CheckedOrder {
  side: OrderSide;
  type: OrderType;
  amount: string;
  target_price?: string;
}

// Up to 10 decimals, as the contract's amount() accepts.
const NUMBER = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,10})?$/;
/** A typed number as a Decimal, or null when it is not a plain number the contract takes. */
export const parse = (text: string) => (NUMBER.test(text.trim()) ? new Decimal(text.trim()) : null);

/**
 * Checks a draft before it is sent, in the order the user reads the form: price (a positive
 * multiple of the tick), then amount (a positive multiple of the lot, at least the minimum, at
 * most the largest order value) and the balance it needs. `available` is in the quote currency
 * for a buy and in the base for a sell.
 */
export function checkOrder(
  draft: OrderDraft,
  rules: FormRules,
  available: string,
): { ok: true; order: CheckedOrder } | ({ ok: false } & OrderProblem) {
  let price: Decimal | null = null;
  if (draft.type === 'limit') {
    price = parse(draft.price);
    if (!price || price.lte(0)) return { ok: false, field: 'target_price', problem: 'invalid' };
    if (!onStep(price, rules.tick_size))
      return { ok: false, field: 'target_price', problem: 'off_tick', step: rules.tick_size };
  }
  const amount = parse(draft.amount);
  if (!amount || amount.lte(0)) return { ok: false, field: 'amount', problem: 'invalid' };
  const quoteAmount = amountIsQuote(draft);
  if (!quoteAmount) {
    if (!onStep(amount, rules.lot_size))
      return { ok: false, field: 'amount', problem: 'off_lot', step: rules.lot_size };
    if (amount.lt(rules.min_qty)) return { ok: false, field: 'amount', problem: 'below_min', min: rules.min_qty };
  }
  const value = quoteAmount ? amount : price ? amount.times(price) : null;
  if (value && value.gt(rules.max_notional))
    return { ok: false, field: 'amount', problem: 'above_max', max: rules.max_notional };
  const needed = draft.side === 'sell' ? amount : value;
  if (needed && needed.gt(toDecimal(available) ?? 0)) {
    return { ok: false, field: 'amount', problem: 'insufficient', available };
  }
  return {
    ok: true,
    order: {
      side: draft.side,
      type: draft.type,
      amount: amount.toFixed(),
      ...(price ? { target_price: price.toFixed() } : {}),
    },
  };
}

/** Trailing zeros off a fixed-point text: "12.5000" → "12.5", "3.000" → "3". */
export function trim(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
