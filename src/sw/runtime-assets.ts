import { ExpirationPlugin } from 'workbox-expiration';
import { getCacheKeyForURL } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ASSET_LIST_REQUEST, type AssetList } from './messages';

/** Cache of the chunks not precached; their names carry a content hash, so cache first is safe. */
export const ASSETS_CACHE = 'assets';
/** Enough for every screen of two releases; older chunks go first. */
const MAX_ASSETS = 400;
/** How long a page gets to say which chunks it loaded before the worker took over. */
const ASSET_LIST_TIMEOUT_MS = 2000;

const assets = new CacheFirst({
  cacheName: ASSETS_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: MAX_ASSETS, purgeOnQuotaError: true })],
});

const isAsset = (url: URL, base: string) => url.origin === location.origin && url.pathname.startsWith(`${base}assets/`);

/** Asks one open page which of our chunks it has loaded; none if it does not answer in time. */
function loadedBy(client: Client): Promise<string[]> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve([]), ASSET_LIST_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<AssetList>) => {
      clearTimeout(timer);
      resolve(Array.isArray(event.data?.urls) ? event.data.urls.filter((u) => typeof u === 'string') : []);
    };
    client.postMessage({ type: ASSET_LIST_REQUEST }, [channel.port2]);
  });
}

/**
 * On the first install the page that installed the worker loaded its chunks from the network,
 * before any worker could see them. Take that page over (it runs this very build) so its next
 * chunks go through the runtime cache, and cache the chunks it already has, so every screen
 * opened before going offline still opens offline. Updates never do this: a page keeps its own
 * version until the user reloads (./update.ts).
 */
async function adoptFirstPages(sw: ServiceWorkerGlobalScope, base: string, event: ExtendableEvent): Promise<void> {
  await sw.clients.claim();
  const pages = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const urls = new Set((await Promise.all(pages.map(loadedBy))).flat());
  await Promise.all(
    [...urls]
      .map((u) => new URL(u, sw.location.href))
      .filter((url) => isAsset(url, base) && !getCacheKeyForURL(url.href))
      .map((url) =>
        assets.handle({ request: new Request(url.href), event }).catch((error: unknown) => {
          console.warn(`assets: could not cache ${url.pathname}`, error);
        }),
      ),
  );
}

/** Registered after the precache route, so precached files are still answered from the precache. */
export function setupRuntimeAssets(sw: ServiceWorkerGlobalScope, base: string): void {
  registerRoute(({ url }) => isAsset(url, base), assets);
  let firstInstall = false;
  sw.addEventListener('install', () => {
    firstInstall = !sw.registration.active;
  });
  sw.addEventListener('activate', (event) => {
    if (firstInstall) event.waitUntil(adoptFirstPages(sw, base, event));
  });
}
