import { fetchHoldings } from '../api/holdings';
import type { HoldingsReply } from '../model/holdings';
import { useCachedQuery } from './useCachedQuery';

/** The products' holdings, cached in Dexie beside the balances for offline reading. */
export function useHoldings() {
  return useCachedQuery<HoldingsReply>('wallet:holdings', fetchHoldings);
}
