import { useEffect } from 'react';
import { ASSET_LIST_REQUEST, type AssetList } from '@/sw/messages';

/** The app's own chunks this page has loaded so far (scripts, styles, fonts under /h5/assets/). */
function loadedAssets(): string[] {
  const prefix = `${location.origin}${import.meta.env.BASE_URL}assets/`;
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(prefix));
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
