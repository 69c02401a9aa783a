import { expect, it } from 'vitest';
import { quotationNew } from '@contract/market';
import { homeQuotationEndpoint } from './home';

it('keeps the home reference in step with the contract', () => {
  expect(homeQuotationEndpoint).toEqual({ method: quotationNew.method, path: quotationNew.path });
});
