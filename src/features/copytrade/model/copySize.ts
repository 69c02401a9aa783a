import { Decimal } from 'decimal.js';
import { FOLLOW_TYPES, type FollowType } from '@contract/copytrade';

/**
 * The multiple as the server keeps it: SPEC.md section 5 rounds a fractional ratio to two
 * decimals (half up, as `contract/copytrade.ts` documents: 1.555 -> 1.56).
 */
export function roundRatio(number: Decimal.Value): Decimal {
  return new Decimal(number).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export interface CopySize {
  /** The ratio applied (fixed multiple) after rounding; null for fixed lots. */
  ratio: Decimal | null;
  /** Trader's lots x ratio before futures' whole lots (4.5 for 3 x 1.5). */
  exact: Decimal;
  /** The lots the copy opens: whole lots, rounded down; 0 means the copy is skipped. */
  lots: number;
}

/**
 * What a copy of a trader's open of `traderLots` comes to under a follow's settings, as
 * `contract/copytrade.ts` defines it: fixed multiple opens trader's lots x the rounded ratio, down to
 * whole futures lots; fixed lots opens `number` lots whatever the trader opens.
 */
export function copySize(traderLots: number, type: FollowType, number: Decimal.Value): CopySize {
  if (type === FOLLOW_TYPES.lots) {
    const lots = new Decimal(number).floor();
    return { ratio: null, exact: lots, lots: lots.toNumber() };
  }
  const ratio = roundRatio(number);
  const exact = ratio.times(traderLots);
  return { ratio, exact, lots: exact.floor().toNumber() };
}

/** Whether `value` is a number the form can compute with (the form's own check comes first). */
export function isNumeric(value: string): boolean {
  return /^\d+(\.\d+)?$/.test(value.trim());
}
