import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { siteAtom } from '@/lib/state';
import { fetchSite } from '../api/invite';

/** The site's name, read from the server when the app has not read it yet ('' until then). */
export function useSiteName(): string {
  const [site, setSite] = useAtom(siteAtom);
  useEffect(() => {
    if (site.site_name) return;
    fetchSite()
      .then(({ site_name, site_logo, demo }) => setSite({ site_name, site_logo, demo }))
      .catch((error: unknown) => console.warn('invite: the site name could not be read', error));
  }, [site.site_name, setSite]);
  return site.site_name;
}
