import { useCallback, useEffect, useState } from 'react';
import type { ResponseOf } from '@contract/define';
import type { realState } from '@contract/identity';
import { fetchRealState } from '../api/identity';
import { onPageFocus } from './onPageFocus';

export type RealStateReply = ResponseOf<typeof realState>;

/** The verification state, refreshed when the page regains focus; `failed` is set when it could not be loaded (offline). */
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
  return { value, failed, reload };
}
