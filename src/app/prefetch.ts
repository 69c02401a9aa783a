import { prefetchHome } from '@/features/home/prefetch';
import { prefetchQuotation } from '@/features/market/api/quotation';
import { pages } from '@/lib/nav';
import { holdFirstScreen } from '@/lib/realtime/after-first-screen';
import { apiErrorsShown } from '@/lib/submit';

/**
 * Starts the first screen's API calls beside its scripts instead of after its chunk has loaded
 * and rendered (entry, then page chunk, then API): for home, the start URL, and the market tab,
 * whose first screen is the same quote list. What waits for the first screen (the live
 * connection, home's content) waits for the quotes.
 */
export function prefetchFirstScreen(path: string): void {
  const home = path === pages.home || path === pages.index.index;
  if (!home && path !== pages.market.market) return;
  if (home) prefetchHome();
  const quotes = prefetchQuotation();
  quotes.catch(apiErrorsShown('quotes'));
  holdFirstScreen(quotes);
}
