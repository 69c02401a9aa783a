import type { getSiteConfig } from '@contract/site';
import { call, earlyRequest, endpointRef } from '@/lib/http';

/** Home is the first route: a schema-free reference keeps zod out of its bundle. */
export const siteConfigEndpoint = endpointRef<typeof getSiteConfig>('GET', '/getSiteConfig');

const siteConfig = earlyRequest(() => call(siteConfigEndpoint, {}));

/**
 * Starts the request while the app's scripts are still arriving (main.tsx, when the app opens on
 * home), so home's first render already knows the site; home's first fetch takes this one.
 */
export const prefetchSiteConfig = siteConfig.prefetch;

/** Background refresh: the cached copy stays on screen; a failure is toasted by the HTTP client. */
export const fetchSiteConfig = siteConfig.fetch;
