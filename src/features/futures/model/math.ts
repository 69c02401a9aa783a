import { Decimal } from 'decimal.js';

/**
 * Futures arithmetic (../shared/reference/trading-math.md, "Futures"): linear USDT contracts with
 * isolated margin. Decimals only, never floats; the server computes the same figures from the
 * same published terms, so what the form shows before confirming is what the ledger moves.
 *
 * - quantity = lots x lot size
 * - notional = price x quantity
 * - initial margin IM = notional / leverage
 * - handling fee = notional x fee rate (charged at open and again at close)
 * - maintenance margin MM = notional x maintenance rate
 * - unrealised profit: long (mark - entry) x qty, short (entry - mark) x qty
 * - liquidation price: long entry - (IM - MM) / qty, short entry + (IM - MM) / qty
 * - risk rate (percent) = equity / maintenance margin at the mark x 100, equity = IM + unrealised
 *   profit; about 100 % near the liquidation price.
 * Rounding as `server/src/products/futures/math.ts`: margin up, fees and profit down, liquidation toward
 * the entry at the pair's price decimals.
 */

export type Side = 'long' | 'short';

/** Decimals money is kept to (the ledger's 18 would only add noise to what is shown). */
export const MONEY_DECIMALS = 8;

const D = (v: Decimal.Value) => new Decimal(v);

export const quantityOf = (lots: Decimal.Value, lotSize: Decimal.Value) => D(lots).times(lotSize);

export const notionalOf = (price: Decimal.Value, quantity: Decimal.Value) => D(price).times(quantity);

/** Initial margin, rounded up to the money decimals so the margin never falls short of IM. */
export const marginOf = (notional: Decimal.Value, leverage: Decimal.Value) =>
  D(notional).div(leverage).toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_UP);

/** A fee of `rate` on `notional` (handling fee at open and close, overnight fee), rounded down as the server does. */
export const feeOf = (notional: Decimal.Value, feeRate: Decimal.Value) =>
  D(notional).times(feeRate).toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_DOWN);

export const maintenanceOf = (notional: Decimal.Value, maintenanceRate: Decimal.Value) =>
  D(notional).times(maintenanceRate);

/** Unrealised profit (negative: loss) at `mark`, rounded down (toward minus infinity) to 8 decimals. */
export function profitOf(side: Side, entry: Decimal.Value, mark: Decimal.Value, quantity: Decimal.Value): Decimal {
  const move = side === 'long' ? D(mark).minus(entry) : D(entry).minus(mark);
  return move.times(quantity).toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_FLOOR);
}

/**
 * The mark price at which the position's equity falls to its maintenance margin (computed at the
 * entry notional): long entry - (IM - MM) / qty, short entry + (IM - MM) / qty; never below 0.
 * Rounded toward the entry at `decimals` (the pair's price decimals): a long's price up, a short's
 * down, so the position is closed at or before the exact point.
 */
export function liquidationPriceOf(
  side: Side,
  entry: Decimal.Value,
  quantity: Decimal.Value,
  margin: Decimal.Value,
  maintenanceRate: Decimal.Value,
  decimals = MONEY_DECIMALS,
): Decimal {
  const qty = D(quantity);
  if (qty.lte(0)) return D(0);
  const mm = maintenanceOf(notionalOf(entry, qty), maintenanceRate);
  const room = D(margin).minus(mm).div(qty);
  const price = side === 'long' ? D(entry).minus(room) : D(entry).plus(room);
  const rounded = price.toDecimalPlaces(decimals, side === 'long' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
  return rounded.lt(0) ? D(0) : rounded;
}

/**
 * Risk rate in percent: equity (margin + unrealised profit) over the maintenance margin at the
 * mark x 100, rounded down to 2 decimals. Null when there is no maintenance requirement.
 */
export function riskRateOf(
  margin: Decimal.Value,
  profit: Decimal.Value,
  mark: Decimal.Value,
  quantity: Decimal.Value,
  maintenanceRate: Decimal.Value,
): Decimal | null {
  const mm = maintenanceOf(notionalOf(mark, quantity), maintenanceRate);
  if (mm.lte(0)) return null;
  return D(margin).plus(profit).div(mm).times(100).toDecimalPlaces(2, Decimal.ROUND_FLOOR);
}

export interface OpenTerms {
  lotSize: Decimal.Value;
  feeRate: Decimal.Value;
  maintenanceRate: Decimal.Value;
  /** Price decimals of the pair, for the liquidation price. */
  priceDecimals?: number;
}

export interface OpenEstimate {
  quantity: Decimal;
  notional: Decimal;
  margin: Decimal;
  fee: Decimal;
  /** Margin plus the opening fee: what leaves the lever account when the position opens. */
  total: Decimal;
  liquidation: Decimal;
}

/** Everything an open costs, and where it would be liquidated, at `price`. */
export function estimateOpen(
  side: Side,
  price: Decimal.Value,
  lots: Decimal.Value,
  leverage: Decimal.Value,
  terms: OpenTerms,
): OpenEstimate {
  const quantity = quantityOf(lots, terms.lotSize);
  const notional = notionalOf(price, quantity);
  const margin = marginOf(notional, leverage);
  const fee = feeOf(notional, terms.feeRate);
  return {
    quantity,
    notional,
    margin,
    fee,
    total: margin.plus(fee),
    liquidation: liquidationPriceOf(side, price, quantity, margin, terms.maintenanceRate, terms.priceDecimals),
  };
}
