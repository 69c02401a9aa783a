import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * Paths that must always reach the network: the API and the demo mailbox are not part of the
 * shell, so serving them `index.html` would hide real errors behind a blank app.
 */
export const NAVIGATION_DENYLIST = [/^\/api(\/|$)/, /^\/dev(\/|$)/];

/**
 * Precaches the build (the list is injected by vite-plugin-pwa) and answers every in-scope
 * navigation with the precached shell, so the app opens with no network. Hash routing means the
 * shell is the only document the app ever needs.
 */
export function setupPrecache(manifest: Array<PrecacheEntry | string>, base: string): void {
  precacheAndRoute(manifest);
  // Caches of older Workbox precache formats are never read again; free the quota.
  cleanupOutdatedCaches();
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL(`${base}index.html`), {
      denylist: NAVIGATION_DENYLIST,
    }),
  );
}
