import { useCallback } from 'react';
import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

export const MAX_RECENT = 10;

/** Pairs opened lately, newest first; kept on this device only. */
const recentAtom = atomWithStorage<string[]>('marketRecent', [], undefined, { getOnInit: true });

export function pushRecent(list: readonly string[], symbol: string): string[] {
  return [symbol, ...list.filter((s) => s !== symbol)].slice(0, MAX_RECENT);
}

export function useRecentViews() {
  const [recent, setRecent] = useAtom(recentAtom);
  const add = useCallback((symbol: string) => setRecent((list) => pushRecent(list, symbol)), [setRecent]);
  const clear = useCallback(() => setRecent([]), [setRecent]);
  return { recent, add, clear };
}
