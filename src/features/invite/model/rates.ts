import { REBATE_RATES } from '@contract/invite';
import { formatRate } from '@/lib/format/number';

/** A rate as a percentage in the user's language ("20%"), exactly as the server pays it. */
export const percent = (rate: string, bcp47: string): string => formatRate(rate, { locale: bcp47 });

/** The published rates (the constants the server pays), for the rates table. */
export const publishedRates = () => REBATE_RATES;
