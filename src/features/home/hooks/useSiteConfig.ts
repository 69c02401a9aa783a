import { startTransition, useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { siteAtom, type SiteInfo } from '@/lib/state';
import { apiErrorsShown } from '@/lib/submit';
import { fetchSiteConfig } from '../api/siteConfig';

/**
 * Site name, logo and demo flag: the stored copy at once (`siteAtom` lives in local storage, so
 * it also shows offline), then the server's. The database library stays off the first screen.
 */
export function useSiteConfig(): { site: SiteInfo; known: boolean } {
  const [site, setSite] = useAtom(siteAtom);
  // Whether the site has ever answered: the stored copy exists once it has.
  const [known, setKnown] = useState(() => localStorage.getItem(SITE_KEY) !== null);

  useEffect(() => {
    let live = true;
    fetchSiteConfig()
      .then(({ site_name, site_logo, demo }) => {
        if (!live) return;
        // A transition: home re-renders in slices, never as one long task.
        startTransition(() => {
          setSite({ site_name, site_logo, demo });
          setKnown(true);
        });
      })
      .catch(apiErrorsShown('site config'));
    return () => {
      live = false;
    };
  }, [setSite]);

  return { site, known };
}

/** `siteAtom`'s local storage key. */
const SITE_KEY = 'site';
