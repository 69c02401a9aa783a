import { AppError } from '../errors';
import { PAIRS } from './pairs';
import type { NewOrder } from './types';

const whole = (n: number | null): n is number => n !== null && Number.isSafeInteger(n) && n > 0;

/**
 * The core's own check of an order in the pair's units (the routes check the decimals and
 * rules first and name the field; this keeps a malformed command from reaching a book).
 */
export function checkOrder(o: NewOrder): AppError | undefined {
  const pair = PAIRS.get(o.pairId);
  if (!pair) return new AppError('field_invalid', { field: 'currency_id' });
  if (o.owner !== 'maker' && !whole(o.owner)) return new AppError('field_invalid', { field: 'owner' });
  if (o.type === 'limit') {
    if (o.slippage) return new AppError('field_invalid', { field: 'max_slippage' });
    if (!whole(o.price)) return new AppError('field_invalid', { field: 'target_price' });
    if (!whole(o.qty) || o.budget !== null) return new AppError('field_invalid', { field: 'amount' });
    if (!Number.isSafeInteger(o.price * o.qty)) return new AppError('field_invalid', { field: 'amount' });
    return undefined;
  }
  if (o.price !== null || o.postOnly) return new AppError('field_invalid', { field: 'type' });
  if (o.slippage && !(Number(o.slippage.reference) > 0 && Number(o.slippage.maxPercent) > 0)) {
    return new AppError('field_invalid', { field: 'max_slippage' });
  }
  // A market buy spends a budget; a market sell sells lots.
  if (o.side === 'buy' ? !whole(o.budget) || o.qty !== null : !whole(o.qty) || o.budget !== null) {
    return new AppError('field_invalid', { field: 'amount' });
  }
  return undefined;
}
