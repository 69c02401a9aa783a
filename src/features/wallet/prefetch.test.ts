import { expect, it } from 'vitest';
import { walletHoldings, walletList } from '@contract/wallet';
import { holdingsEndpoint, listEndpoint } from './prefetch';

// The first route's schema-free references must name the contract's method and path: a GET sent
// where the contract says POST is answered 404.
it("keeps the assets tab's start-up requests in step with the contract", () => {
  for (const [ref, entry] of [
    [listEndpoint, walletList],
    [holdingsEndpoint, walletHoldings],
  ] as const) {
    expect(ref, entry.path).toEqual({ method: entry.method, path: entry.path });
  }
});
