import { useCallback, useRef } from 'react';
import { randomId } from '@/lib/db';

/**
 * One key per submission (the trade feature keeps the same idea for its orders; a shared hook in
 * `src/lib` would serve both): a retry of the same contract after a time-out reuses it, so the
 * server accepts it once; `renew` after a settled answer starts the next submission.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => (key.current ??= randomId()), []);
  const renew = useCallback(() => {
    key.current = null;
  }, []);
  return { current, renew };
}
