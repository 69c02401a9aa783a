import { Decimal } from 'decimal.js';
import {
  FOLLOW_LOTS_MAX,
  FOLLOW_MULTIPLE_MAX,
  FOLLOW_MULTIPLE_MIN,
  FOLLOW_TYPES,
  type FollowType,
} from '@contract/copytrade';

/** What the follow form holds while the user types. */
export interface FollowDraft {
  type: FollowType;
  number: string;
  /** Empty for no cap. */
  maxAmount: string;
}

/** A range the form refuses before anything is sent (the server checks again). */
export type FollowProblem =
  | { field: 'number'; kind: 'multiple_range'; min: string; max: string }
  | { field: 'number'; kind: 'lots_range'; min: string; max: string };

/** The range rules of `contract/copytrade.ts` for `number`: format errors come from its zod schema. */
export function checkRange(draft: FollowDraft): FollowProblem | null {
  const n = new Decimal(draft.number);
  if (draft.type === FOLLOW_TYPES.multiple) {
    const rounded = n.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    if (rounded.lt(FOLLOW_MULTIPLE_MIN) || rounded.gt(FOLLOW_MULTIPLE_MAX)) {
      return { field: 'number', kind: 'multiple_range', min: FOLLOW_MULTIPLE_MIN, max: String(FOLLOW_MULTIPLE_MAX) };
    }
    return null;
  }
  if (!n.isInteger() || n.lt(1) || n.gt(FOLLOW_LOTS_MAX)) {
    return { field: 'number', kind: 'lots_range', min: '1', max: String(FOLLOW_LOTS_MAX) };
  }
  return null;
}
