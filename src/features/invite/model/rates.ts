import { REBATE_RATES } from '@contract/invite';

/** A rate as a percentage in the user's language ("20 %", "20%"). */
export const percent = (rate: string, bcp47: string): string =>
  new Intl.NumberFormat(bcp47, { style: 'percent', maximumFractionDigits: 2 }).format(Number(rate));

/** The published rates (the constants the server pays), for the rates table. */
export const publishedRates = () => REBATE_RATES;
