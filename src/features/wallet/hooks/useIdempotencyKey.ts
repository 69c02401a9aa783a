import { useCallback, useRef } from 'react';
import { randomId } from '@/lib/db';

/**
 * One key per user action: a retry of the same submission (a timeout, a double tap) reuses it so
 * the server moves the money once; `renew` after a settled answer starts the next action.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => (key.current ??= randomId()), []);
  const renew = useCallback(() => {
    key.current = null;
  }, []);
  return { current, renew };
}
