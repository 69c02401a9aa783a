import { useCallback, useRef } from 'react';
import { randomId } from '@/lib/db';

/**
 * One key per order or cancel: a retry of the same action after a time-out reuses it, so the
 * server applies it once; `renew` after a settled answer starts the next action.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => (key.current ??= randomId()), []);
  const renew = useCallback(() => {
    key.current = null;
  }, []);
  return { current, renew };
}
