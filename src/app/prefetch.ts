import { prefetchHome } from '@/features/home/prefetch';
import { prefetchHomeQuotation } from '@/features/market/api/home';
import { pages } from '@/lib/nav';
import { apiErrorsShown } from '@/lib/submit';

/**
 * Starts the first screen's API calls beside its scripts instead of after its chunk has loaded
 * and rendered (entry, then page chunk, then API): only for home, the start URL.
 */
export function prefetchFirstScreen(path: string): void {
  if (path !== pages.home && path !== pages.index.index) return;
  prefetchHome();
  prefetchHomeQuotation().catch(apiErrorsShown('home quotes'));
}
