import { prefetchHome } from '@/features/home/prefetch';
import { prefetchTradeBook } from '@/features/trade/prefetch';
import { prefetchAssets } from '@/features/wallet/prefetch';
import { prefetchBoard } from '@/lib/board';
import { pages } from '@/lib/nav';
import { appStore, fiatAtom, isLoggedInAtom } from '@/lib/state';
import { holdFirstScreen } from '@/lib/realtime/after-first-screen';
import { apiErrorsShown } from '@/lib/submit';

/**
 * Starts the first screen's API calls beside its scripts instead of after its chunk has loaded
 * and rendered (entry, then page chunk, then API): the quote board, for home (the start URL), the
 * market tab (whose first screen is the same quote list) and the trade tab (whose pair, rules and
 * price come from it, and whose opening pair's book is asked for as soon as the board names it);
 * the signed-in assets tab's balances and holdings. What waits for the first screen (the live
 * connection, home's content) waits for the quotes.
 */
export function prefetchFirstScreen(path: string): void {
  if (path === pages.fund.assets) {
    if (appStore.get(isLoggedInAtom)) prefetchAssets(appStore.get(fiatAtom).currency_code);
    return;
  }
  const home = path === pages.home || path === pages.index.index;
  if (!home && path !== pages.market.market && path !== pages.transaction.index) return;
  if (home) prefetchHome();
  const quotes = prefetchBoard();
  quotes.catch(apiErrorsShown('quotes'));
  if (path === pages.transaction.index) prefetchTradeBook(quotes, location.hash);
  holdFirstScreen(quotes);
}
