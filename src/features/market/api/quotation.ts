import type { quotationNew } from '@contract/market';
import { call, endpointRef } from '@/lib/http';

/**
 * The quote list, the first screen of home and of the market tab. Home is the first route: a
 * schema-free reference keeps zod out of its bundle.
 */
export const quotationEndpoint = endpointRef<typeof quotationNew>('GET', '/currency/quotation_new');

export type Quotation = Awaited<ReturnType<typeof requestQuotation>>;
// Quiet: on failure the screens keep their stored quotes and show their time.
const requestQuotation = () => call(quotationEndpoint, {}, { silent: true });

let early: Promise<Quotation> | null = null;

/**
 * Starts the quote request beside the app's scripts (prefetchFirstScreen), for the page the app
 * opens at; that page's first fetch takes it.
 */
export function prefetchQuotation(): Promise<Quotation> {
  early ??= requestQuotation();
  return early;
}

/** The quote list: the request started at start-up if no page has taken it yet, else a new one. */
export function fetchQuotation(): Promise<Quotation> {
  const request = early ?? requestQuotation();
  early = null;
  return request;
}
