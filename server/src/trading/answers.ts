import type { StoredConditional } from './conditional/types';
import type { StoredOrder } from './types';

type Dated = StoredOrder & { createdAt: string; updatedAt: string; triggeredAt?: string | null };

/**
 * An order or stop order read back from JSON (a stored idempotent answer, or one sent between
 * processes) with its dates as Dates again. A stop order's answer also carries when it fired.
 */
export function reviveAnswer(ok: unknown): StoredOrder | StoredConditional {
  const order = ok as Dated;
  const dates = { createdAt: new Date(order.createdAt), updatedAt: new Date(order.updatedAt) };
  if (order.triggeredAt !== undefined) {
    const triggeredAt = order.triggeredAt === null ? null : new Date(order.triggeredAt);
    return { ...(order as unknown as StoredConditional), ...dates, triggeredAt };
  }
  return { ...order, ...dates };
}
