import type { walletHoldings, walletList } from '@contract/wallet';
import { call, earlyRequestFor, endpointRef } from '@/lib/http';

// Schema-free: this module runs with the first route, which must not bring zod.
export const listEndpoint = endpointRef<typeof walletList>('POST', '/wallet/list');
export const holdingsEndpoint = endpointRef<typeof walletHoldings>('GET', '/wallet/holdings');

// Quiet, like the screen's own reads: it shows cached figures and their time instead.
const list = earlyRequestFor(
  'wallet list',
  (currency_code: string) => call(listEndpoint, { currency_code }, { silent: true }),
  (code) => code,
);
const holdings = earlyRequestFor(
  'wallet holdings',
  () => call(holdingsEndpoint, {}, { silent: true }),
  () => '',
);

/** The balances in a fiat currency: the request started at start-up for it, taken once, else a new one. */
export const takeWalletList = list.take;
/** The products' holdings: the request started at start-up, taken once, else a new one. */
export const takeHoldings = () => holdings.take(undefined);

/**
 * The assets tab's figures, asked for beside the app's scripts when the app opens at that tab
 * signed in, instead of once the tab's screen has loaded and rendered: its balances in the stored
 * fiat currency and the products' holdings, which its total adds up.
 */
export function prefetchAssets(fiatCode: string): void {
  list.prefetch(fiatCode);
  holdings.prefetch(undefined);
}
