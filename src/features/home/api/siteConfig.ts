import type { getSiteConfig } from '@contract/site';
import { call, endpointRef } from '@/lib/http';

/** Home is the first route: a schema-free reference keeps zod out of its bundle. */
export const siteConfigEndpoint = endpointRef<typeof getSiteConfig>('GET', '/getSiteConfig');

type SiteConfig = Awaited<ReturnType<typeof requestSiteConfig>>;
const requestSiteConfig = () => call(siteConfigEndpoint, {});

let early: Promise<SiteConfig> | null = null;

/**
 * Starts the request while the app's scripts are still arriving (main.tsx, when the app opens on
 * home), so home's first render already knows the site; home's first fetch takes this one.
 */
export function prefetchSiteConfig(): Promise<SiteConfig> {
  early ??= requestSiteConfig();
  return early;
}

/** Background refresh: the cached copy stays on screen; a failure is toasted by the HTTP client. */
export function fetchSiteConfig(): Promise<SiteConfig> {
  const request = early ?? requestSiteConfig();
  early = null;
  return request;
}
