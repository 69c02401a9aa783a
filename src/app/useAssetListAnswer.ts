import { useEffect } from 'react';
import { ASSET_LIST_REQUEST, type AssetList } from '@/sw/messages';

const ASSET_PREFIX = `${location.origin}${import.meta.env.BASE_URL}assets/`;
/** The app's own chunks this page has loaded so far (scripts, styles, fonts under /h5/assets/). */
const loaded = new Set<string>();

function keep(entries: PerformanceEntryList): void {
  for (const entry of entries) if (entry.name.startsWith(ASSET_PREFIX)) loaded.add(entry.name);
}

// Observed from the first route's evaluation on, not read from the performance timeline when the
// worker asks: the browser keeps only 250 resource entries there, and a walk through a few screens
// before the worker first started (API calls and images count too) fills it, leaving the last
// screens' chunks out of the list and so out of the offline cache.
if (typeof PerformanceObserver !== 'undefined') {
  new PerformanceObserver((list) => keep(list.getEntries())).observe({ type: 'resource', buffered: true });
}

function loadedAssets(): string[] {
  keep(performance.getEntriesByType('resource'));
  return [...loaded];
}

/**
 * Answers the service worker's question, on its first install, of which chunks this page loaded
 * before the worker existed, so it can keep them for offline use (src/sw/runtime-assets.ts).
 */
export function useAssetListAnswer(): void {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null;
      if (data?.type !== ASSET_LIST_REQUEST || !event.ports[0]) return;
      const answer: AssetList = { urls: loadedAssets() };
      event.ports[0].postMessage(answer);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);
}
