import { useCallback, useEffect, useState } from 'react';
import * as contract from '@contract/support';
import type { ResponseOf } from '@contract/define';
import { call } from '@/lib/http';

export type Today = ResponseOf<typeof contract.gameToday>;

/**
 * Today's round, the user's points and rank: null until loaded; `failed` when the first load or
 * a `load()` failed (logged, and the page offers a retry).
 */
export function useToday() {
  const [today, setToday] = useState<Today | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      setToday(await call(contract.gameToday, {}, { silent: true }));
      setFailed(false);
    } catch (error) {
      console.warn('game: not loaded', error);
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    let stale = false;
    call(contract.gameToday, {}, { silent: true })
      .then((r) => {
        if (!stale) setToday(r);
      })
      .catch((error: unknown) => {
        console.warn('game: not loaded', error);
        if (!stale) setFailed(true);
      });
    return () => {
      stale = true;
    };
  }, []);

  return { today, failed, load };
}
