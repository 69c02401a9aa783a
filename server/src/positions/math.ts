import Decimal from 'decimal.js';

/**
 * Futures arithmetic (trading-math.md, "Futures"), pure and exact: decimal.js, never floats.
 * Linear USDT contracts with isolated margin. Amounts are rounded to 8 decimals in the user's
 * disfavour only where the house would otherwise be short (margin up, fees and profit down, the
 * liquidation price towards the entry), so no rounding ever lets a loss exceed the margin.
 */
export const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Dec = InstanceType<typeof D>;
type In = string | number | Dec;

/** Decimals of money amounts (USDT) the futures book computes to. */
export const AMOUNT_DP = 8;
/** Decimals of the risk rate in percent. */
export const RISK_DP = 2;

export type Side = 1 | 2;
export const LONG: Side = 1;
export const SHORT: Side = 2;

const d = (v: In): Dec => new D(v);

/** Base quantity of `lots` lots: lots x lot size. */
export const quantityOf = (lots: number, lotSize: In): Dec => d(lotSize).times(lots);

/** Price x quantity. */
export const notionalOf = (price: In, qty: In): Dec => d(price).times(qty);

/** Initial margin: notional / leverage, rounded up to 8 decimals. */
export const initialMargin = (notional: In, leverage: number): Dec =>
  d(notional).div(leverage).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_UP);

/** A fee of `rate` on `notional` (handling fee at open and close, overnight fee), rounded down. */
export const feeOf = (notional: In, rate: In): Dec =>
  d(notional).times(rate).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_DOWN);

/** Maintenance margin: notional x maintenance rate (exact). */
export const maintenanceMargin = (notional: In, rate: In): Dec => d(notional).times(rate);

/** Unrealised profit at `mark`: long (mark - entry) x qty, short (entry - mark) x qty, rounded down. */
export function unrealisedPnl(side: Side, entry: In, mark: In, qty: In): Dec {
  const diff = side === LONG ? d(mark).minus(entry) : d(entry).minus(mark);
  return diff.times(qty).toDecimalPlaces(AMOUNT_DP, Decimal.ROUND_FLOOR);
}

/**
 * Liquidation price: long entry - (margin - MM) / qty, short entry + (margin - MM) / qty, with MM
 * the maintenance margin at entry. Rounded to the pair's price decimals towards the entry (the
 * position is liquidated at or before the exact point), and never below zero.
 * 1 BTC at 20,000, 50x, 0.5 %: margin 400, MM 100, liquidation 19,700.
 */
export function liquidationPrice(
  side: Side,
  entry: In,
  qty: In,
  margin: In,
  maintenanceRate: In,
  priceDecimals: number,
): Dec {
  const mm = maintenanceMargin(notionalOf(entry, qty), maintenanceRate);
  const room = d(margin).minus(mm).div(qty);
  if (side === LONG) {
    const p = d(entry).minus(room).toDecimalPlaces(priceDecimals, Decimal.ROUND_UP);
    return p.isNegative() ? new D(0) : p;
  }
  return d(entry).plus(room).toDecimalPlaces(priceDecimals, Decimal.ROUND_DOWN);
}

/**
 * Risk rate in percent: equity / maintenance margin at the mark x 100, equity = margin + unrealised
 * profit. Rounded down to 2 decimals; null when the maintenance requirement is zero.
 */
export function riskRate(margin: In, pnl: In, markNotional: In, maintenanceRate: In): Dec | null {
  const mm = maintenanceMargin(markNotional, maintenanceRate);
  if (mm.isZero()) return null;
  return d(margin).plus(pnl).div(mm).times(100).toDecimalPlaces(RISK_DP, Decimal.ROUND_FLOOR);
}

/** Whether `mark` reaches the liquidation price (long at or below, short at or above). */
export const reachesLiquidation = (side: Side, mark: In, liquidation: In): boolean =>
  side === LONG ? d(mark).lte(liquidation) : d(mark).gte(liquidation);

export interface Settlement {
  /** Realised profit, never below minus the margin. */
  pnl: Dec;
  /** Close fee actually charged: the fee, capped by what the margin still covers after a loss. */
  closeFee: Dec;
  /** Back to the user's available lever balance: margin + pnl - close fee (at least zero). */
  returned: Dec;
  /** From the house (positive) or to the house (negative): the counterparty's side of pnl. */
  house: Dec;
  /** To the insurance fund: what is left of the margin of a liquidated position. */
  insurance: Dec;
}

/**
 * Closing a position of `margin` at `price`: the loss is capped by the margin, then the close fee by
 * what is left. A liquidation sends what is left after loss and fee to insurance instead of the user.
 */
export function settle(input: {
  side: Side;
  entry: In;
  price: In;
  qty: In;
  margin: In;
  feeRate: In;
  liquidation: boolean;
}): Settlement {
  const margin = d(input.margin);
  const raw = unrealisedPnl(input.side, input.entry, input.price, input.qty);
  const pnl = D.max(raw, margin.neg());
  const left = margin.plus(pnl);
  const closeFee = D.min(feeOf(notionalOf(input.price, input.qty), input.feeRate), left);
  const rest = left.minus(closeFee);
  return {
    pnl,
    closeFee,
    returned: input.liquidation ? new D(0) : rest,
    house: pnl,
    insurance: input.liquidation ? rest : new D(0),
  };
}

const DAY_MS = 86_400_000;

/** The UTC day number (days since 1970-01-01) of an instant. */
export const utcDay = (ms: number): number => Math.floor(ms / DAY_MS);

/**
 * Overnight fees due: the entry notional x daily rate for every 00:00 UTC passed since `lastDay`
 * (the day opened, or the last day charged) up to `today`, capped by the margin left.
 */
export function overnightDue(input: { entryNotional: In; rate: In; lastDay: number; today: number; margin: In }): {
  days: number;
  fee: Dec;
} {
  const days = Math.max(0, input.today - input.lastDay);
  const fee = D.min(feeOf(input.entryNotional, input.rate).times(days), d(input.margin));
  return { days, fee };
}
