import type { getSiteConfig } from '@contract/site';
import { call, endpointRef } from '@/lib/http';

/** Home is the first route: a schema-free reference keeps zod out of its bundle. */
export const siteConfigEndpoint = endpointRef<typeof getSiteConfig>('GET', '/getSiteConfig');

/** Background refresh: the cached copy stays on screen; a failure is toasted by the HTTP client. */
export const fetchSiteConfig = () => call(siteConfigEndpoint, {});
