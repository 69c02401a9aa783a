import type { quotationNew } from '@contract/market';
import { call, earlyRequest, endpointRef } from '@/lib/http';

/**
 * The quote list, the first screen of home and of the market tab. Home is the first route: a
 * schema-free reference keeps zod out of its bundle.
 */
export const quotationEndpoint = endpointRef<typeof quotationNew>('GET', '/currency/quotation_new');

// Quiet: on failure the screens keep their stored quotes and show their time.
const quotation = earlyRequest(() => call(quotationEndpoint, {}, { silent: true }));

/**
 * Starts the quote request beside the app's scripts (prefetchFirstScreen), for the page the app
 * opens at; that page's first fetch takes it.
 */
export const prefetchQuotation = quotation.prefetch;

/** The quote list: the request started at start-up if no page has taken it yet, else a new one. */
export const fetchQuotation = quotation.fetch;
