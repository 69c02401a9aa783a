import type { quotationNew } from '@contract/market';
import { call, endpointRef } from '@/lib/http';

/** Home is the first route: a schema-free reference keeps zod out of its bundle. */
export const homeQuotationEndpoint = endpointRef<typeof quotationNew>('GET', '/currency/quotation_new');

export const fetchHomeQuotation = () => call(homeQuotationEndpoint, {}, { silent: true });
