import { fiatRates } from '@contract/market';
import { call } from '@/lib/http';

/** The fiat rate table (units per US dollar); silent: the list falls back to the cached table. */
export const fetchFiatRates = () => call(fiatRates, {}, { silent: true });
