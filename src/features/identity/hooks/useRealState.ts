import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { ResponseOf } from '@contract/define';
import type { realState } from '@contract/identity';
import { onAccountEvent } from '@/lib/realtime';
import { tokenAtom } from '@/lib/state';
import { fetchRealState } from '../api/identity';
import { onPageFocus } from './onPageFocus';

export type RealStateReply = ResponseOf<typeof realState>;

/**
 * The verification state, refreshed when the page regains focus and when the user's live room
 * says an identity decision was made; `failed` is set when it could not be loaded (offline).
 */
export function useRealState() {
  const [value, setValue] = useState<RealStateReply | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    try {
      setValue(await fetchRealState());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    fetchRealState().then(setValue, () => setFailed(true));
    // "Under review" turns into the decision when the user comes back to the page.
    return onPageFocus(() => void reload());
  }, [reload]);
  const token = useAtomValue(tokenAtom);
  useEffect(() => {
    if (!token) return;
    // An admin's decision shows while the page is open, without waiting for the user to leave and come back.
    return onAccountEvent(token, (event) => {
      if (event.kind === 'identity') void reload();
    });
  }, [token, reload]);
  return { value, failed, reload };
}
