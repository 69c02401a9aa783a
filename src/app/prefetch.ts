import { prefetchHome } from '@/features/home/prefetch';
import { prefetchHomeQuotation } from '@/features/market/api/home';
import { pages } from '@/lib/nav';
import { holdFirstScreen } from '@/lib/realtime/after-first-screen';
import { apiErrorsShown } from '@/lib/submit';

/**
 * Starts the first screen's API calls beside its scripts instead of after its chunk has loaded
 * and rendered (entry, then page chunk, then API): only for home, the start URL. The quotes are
 * home's first screen: what waits for it (the live connection, home's content) waits for them.
 */
export function prefetchFirstScreen(path: string): void {
  if (path !== pages.home && path !== pages.index.index) return;
  prefetchHome();
  const quotes = prefetchHomeQuotation();
  quotes.catch(apiErrorsShown('home quotes'));
  holdFirstScreen(quotes);
}
