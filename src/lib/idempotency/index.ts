import { useCallback, useRef } from 'react';
import { randomId } from '@/lib/db/id';

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
