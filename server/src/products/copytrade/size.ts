/**
 * How big a copy is (contract/copytrade.ts): fixed multiple = the trader's lots x the ratio, rounded
 * down to whole lots (a copy never exceeds the ratio); the ratio itself is kept to two decimals,
 * rounded half up. Fixed lots = the follow's lots whatever the trader's.
 */
import {
  FOLLOW_LOTS_MAX,
  FOLLOW_MULTIPLE_MAX,
  FOLLOW_MULTIPLE_MIN,
  FOLLOW_TYPES,
  type FollowType,
} from '@contract/copytrade';
import { AppError } from '../../errors';
import { D } from '../../positions/math';

/** The follow's `number` as stored: a ratio to two decimals, or whole lots; a field error otherwise. */
export function normaliseNumber(type: FollowType, number: string): string {
  if (type === FOLLOW_TYPES.multiple) {
    const ratio = new D(number).toDecimalPlaces(2, D.ROUND_HALF_UP);
    if (ratio.lt(FOLLOW_MULTIPLE_MIN) || ratio.gt(FOLLOW_MULTIPLE_MAX)) {
      throw new AppError('follow_multiple_range', { field: 'number' });
    }
    return ratio.toFixed(2);
  }
  const lots = new D(number);
  if (!lots.isInteger() || lots.lt(1) || lots.gt(FOLLOW_LOTS_MAX)) {
    throw new AppError('follow_lots_range', { field: 'number' });
  }
  return lots.toFixed(0);
}

/** Lots of a copy of a trader's `traderLots`: 0 when the multiple comes to less than a lot. */
export function copyLots(type: FollowType, number: string, traderLots: number): number {
  if (type === FOLLOW_TYPES.lots) return Number(new D(number).toFixed(0));
  return new D(traderLots).times(new D(number).toDecimalPlaces(2, D.ROUND_HALF_UP)).floor().toNumber();
}
