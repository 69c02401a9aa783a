import { AppError } from '../../errors';
import { PAIRS } from '../pairs';
import type { NewConditional } from './types';

const whole = (n: number | null): n is number => n !== null && Number.isSafeInteger(n) && n > 0;
/** The widest trailing percentage, in 1/100 %. */
const MAX_TRAIL_BPS = 5_000;

/**
 * The core's own check of a stop order in the pair's units (the routes check decimals and name
 * the field first): a stop-limit has a limit price and a quantity, an OCO also its limit leg's
 * price; a market stop sells lots or spends a budget; a trailing stop trails by ticks or by a
 * percentage, never both.
 */
export function checkConditional(c: NewConditional): AppError | undefined {
  if (!PAIRS.get(c.pairId)) return new AppError('field_invalid', { field: 'currency_id' });
  if (!whole(c.owner)) return new AppError('field_invalid', { field: 'owner' });
  if (c.kind === 'trailing_stop') {
    const ticks = c.trailTicks !== null;
    if (ticks === (c.trailBps !== null)) return new AppError('field_invalid', { field: 'trail_percent' });
    if (ticks ? !whole(c.trailTicks) : !whole(c.trailBps) || c.trailBps! > MAX_TRAIL_BPS) {
      return new AppError('field_invalid', { field: ticks ? 'trail_distance' : 'trail_percent' });
    }
  } else if (!whole(c.triggerPrice)) {
    return new AppError('field_invalid', { field: 'trigger_price' });
  }
  if (c.kind !== 'oco' && c.limitPrice !== null) return new AppError('field_invalid', { field: 'limit_price' });
  if (c.kind === 'stop_limit' || c.kind === 'oco') {
    if (!whole(c.price)) return new AppError('field_invalid', { field: 'target_price' });
    if (!whole(c.qty) || c.budget !== null || !Number.isSafeInteger(c.price * c.qty)) {
      return new AppError('field_invalid', { field: 'amount' });
    }
    if (c.kind === 'oco' && (!whole(c.limitPrice) || !Number.isSafeInteger(c.limitPrice * c.qty))) {
      return new AppError('field_invalid', { field: 'limit_price' });
    }
    return undefined;
  }
  if (c.price !== null) return new AppError('field_invalid', { field: 'target_price' });
  if (c.side === 'buy' ? !whole(c.budget) || c.qty !== null : !whole(c.qty) || c.budget !== null) {
    return new AppError('field_invalid', { field: 'amount' });
  }
  return undefined;
}
