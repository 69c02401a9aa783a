import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { siteAtom, type SiteInfo } from '@/lib/state';
import { apiErrorsShown } from '@/lib/submit';
import { fetchSiteConfig } from '../api/siteConfig';

/**
 * Site name, logo and demo flag: the stored copy at once (`siteAtom` lives in local storage, so
 * it also shows offline), then the server's. The database library stays off the first screen.
 */
export function useSiteConfig(): SiteInfo {
  const [site, setSite] = useAtom(siteAtom);

  useEffect(() => {
    let live = true;
    fetchSiteConfig()
      .then(({ site_name, site_logo, demo }) => {
        if (live) setSite({ site_name, site_logo, demo });
      })
      .catch(apiErrorsShown('site config'));
    return () => {
      live = false;
    };
  }, [setSite]);

  return site;
}
