import type { ResponseOf } from '@contract/define';
import type { fiatRates } from '@contract/market';
import { fetchFiatRates } from '../api/fiatRates';
import { useCachedQuery } from './useCachedQuery';

/** The fiat rate table the overview's fiat list converts with, cached for offline reading. */
export function useFiatRates() {
  return useCachedQuery<ResponseOf<typeof fiatRates>>('fiat:rates', fetchFiatRates);
}
