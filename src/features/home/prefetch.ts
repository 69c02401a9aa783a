import { appStore, siteAtom } from '@/lib/state';
import { apiErrorsShown } from '@/lib/submit';
import { prefetchSiteConfig } from './api/siteConfig';

/**
 * What home shows first, requested before home's chunk has loaded: the site's name and demo
 * flag are stored as soon as they arrive, so the demo notice is there in home's first render
 * instead of pushing the page down a moment later.
 */
export function prefetchHome(): void {
  prefetchSiteConfig().then(
    ({ site_name, site_logo, demo }) => appStore.set(siteAtom, { site_name, site_logo, demo }),
    apiErrorsShown('site config'),
  );
}
