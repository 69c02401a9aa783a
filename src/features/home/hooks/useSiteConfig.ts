import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { siteAtom, type SiteInfo } from '@/lib/state';
import { fetchSiteConfig } from '../api/siteConfig';

const CACHE_KEY = 'site:config';

// On demand: the database library is not needed to draw the first screen.
const loadDb = () => import('@/lib/db');

/**
 * Site name, logo and demo flag: the stored copy at once (also offline), then the server's.
 * Dexie keeps a copy with its save time for when local storage was cleared.
 */
export function useSiteConfig(): SiteInfo {
  const [site, setSite] = useAtom(siteAtom);

  useEffect(() => {
    let live = true;
    if (!site.site_name) {
      loadDb()
        .then((db) => db.cacheGet<SiteInfo>(CACHE_KEY))
        .then((row) => live && row && setSite((now) => (now.site_name ? now : row.value)))
        .catch(() => undefined);
    }
    fetchSiteConfig()
      .then(async ({ site_name, site_logo, demo }) => {
        const fresh: SiteInfo = { site_name, site_logo, demo };
        if (live) setSite(fresh);
        await (await loadDb()).cachePut(CACHE_KEY, fresh);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Once per visit of home; the stored copy covers the time in between.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return site;
}
