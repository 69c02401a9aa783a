import { expect, it } from 'vitest';
import * as contract from '@contract/market';
import { quotationNew } from '@contract/market';
import { quotationEndpoint } from './quotation';
import { marketEndpoints } from './market';

it('keeps the quote list reference in step with the contract', () => {
  expect(quotationEndpoint).toEqual({ method: quotationNew.method, path: quotationNew.path });
});

it('keeps the market references in step with the contract', () => {
  for (const [name, ref] of Object.entries(marketEndpoints)) {
    const entry = contract[name as keyof typeof marketEndpoints];
    expect(ref, name).toEqual({ method: entry.method, path: entry.path });
  }
});
