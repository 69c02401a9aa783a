import { useCallback, useRef } from 'react';
import { randomId } from '@/lib/db/id';
import { ApiError } from '@/lib/http';

/**
 * The `Idempotency-Key` of one user action (an order, a cancel, a transfer, a recharge): a retry
 * of the same submission after a time-out or a double tap reuses it, so the server applies it
 * once; `renew` after a settled answer (or a changed form) starts the next action.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => (key.current ??= randomId()), []);
  const renew = useCallback(() => {
    key.current = null;
  }, []);
  return { current, renew };
}

export type IdempotencyKey = ReturnType<typeof useIdempotencyKey>;

/**
 * A time-out or lost connection may have reached the server: a retry must reuse the key, so the
 * server applies the action once. Any other failure is a settled answer.
 */
export function mayHaveArrived(error: unknown): boolean {
  return error instanceof ApiError && (error.type === 'network' || error.type === 'timeout');
}
