import type { ResponseOf } from '@contract/define';
import type { quotationNew } from '@contract/market';
import type { orderBook } from '@contract/trade';
import { call, earlyRequestFor, endpointRef } from '@/lib/http';

// Schema-free: this module runs with the first route, which must not bring zod.
export const bookEndpoint = endpointRef<typeof orderBook>('GET', '/coin/book');

/** The book's request, quiet like the screen's own reads (the screen shows its failure). */
const book = earlyRequestFor(
  'trade book',
  ({ currency_id, legal_id }: { currency_id: number; legal_id: number }) =>
    call(bookEndpoint, { currency_id, legal_id }, { silent: true }),
  (pair) => `${pair.currency_id}/${pair.legal_id}`,
);

/** A stored JSON value, null when absent or unreadable. */
function stored<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

/** The trade tab's pair as the tab will open it: the section in the address, the pair last traded there. */
function openingSymbol(hash: string): string | null {
  const tab = new URLSearchParams(hash.split('?')[1] ?? '').get('tab') ?? 'coin';
  if (tab !== 'coin' && tab !== 'stock') return null;
  return stored<Record<string, string>>('tradePairs')?.[tab] || (tab === 'coin' ? 'BTC/USDT' : 'AAPL/USD');
}

const LAST_BOOK_KEY = 'tradeBookPair';

/** The pair whose book the screen read last, so the next start asks for it before the board. */
export function rememberBookPair(symbol: string, currencyId: number, legalId: number): void {
  try {
    localStorage.setItem(LAST_BOOK_KEY, JSON.stringify({ symbol, currency_id: currencyId, legal_id: legalId }));
  } catch (error) {
    console.warn('trade: could not store the last book pair', error); // private mode, full storage
  }
}

/**
 * Starts the opening pair's book before the trade screen's scripts and texts have loaded (on a
 * slow phone network, seconds later): at once when it is the pair read last, whose ids are
 * stored, else as soon as the quote board names its ids.
 */
export function prefetchTradeBook(board: Promise<ResponseOf<typeof quotationNew>>, hash: string): void {
  const symbol = openingSymbol(hash);
  if (!symbol) return;
  const last = stored<{ symbol: string; currency_id: number; legal_id: number }>(LAST_BOOK_KEY);
  if (last?.symbol === symbol) return book.prefetch(last);
  void board.then(
    (groups) => {
      const pair = groups.flatMap((g) => g.quotation).find((p) => p.symbol === symbol);
      if (pair) book.prefetch(pair);
    },
    // app/prefetch shows the board's failure.
    (error: unknown) => console.debug('trade: no board, no early book', error),
  );
}

/** The book started at start-up for this pair, taken once; else a new request. */
export const takeBook = (currency_id: number, legal_id: number) => book.take({ currency_id, legal_id });
