import type { quotationNew } from '@contract/market';
import { call, endpointRef } from '@/lib/http';

/** Home is the first route: a schema-free reference keeps zod out of its bundle. */
export const homeQuotationEndpoint = endpointRef<typeof quotationNew>('GET', '/currency/quotation_new');

type Quotation = Awaited<ReturnType<typeof requestHomeQuotation>>;
const requestHomeQuotation = () => call(homeQuotationEndpoint, {}, { silent: true });

let early: Promise<Quotation> | null = null;

/** Starts home's quote request beside the app's scripts (main.tsx); home's first fetch takes it. */
export function prefetchHomeQuotation(): Promise<Quotation> {
  early ??= requestHomeQuotation();
  return early;
}

export function fetchHomeQuotation(): Promise<Quotation> {
  const request = early ?? requestHomeQuotation();
  early = null;
  return request;
}
