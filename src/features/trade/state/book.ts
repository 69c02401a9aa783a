import { useEffect, useState } from 'react';
import type { PairQuote } from '@contract/market';
import { onDepth, onTicker, onTrade } from '@/lib/realtime';
import { fetchBook, type BookReply } from '../api/trade';
import { pushTrade } from '../model/book';
import { rememberBookPair } from '../prefetch';

/** The session (open, stale) changes without a depth event: read the book again this often. */
const SESSION_REFRESH_MS = 30_000;

export interface LiveBook {
  book: BookReply | null;
  /** The last traded price and whether the feed is stale, from the live ticker. */
  last: { price: string; change: string; stale: boolean } | null;
  failed: boolean;
}

/**
 * The pair's real order book: the server's snapshot (rules, session, 20 levels, 30 trades), then
 * `market_depth` and `match_trade` events. Not stored offline: a book from earlier misleads.
 */
export function useBook(pair: Pick<PairQuote, 'symbol' | 'currency_id' | 'legal_id'> | null | undefined): LiveBook {
  const [state, setState] = useState<{ symbol: string } & LiveBook>({
    symbol: '',
    book: null,
    last: null,
    failed: false,
  });
  const symbol = pair?.symbol ?? '';
  const currencyId = pair?.currency_id ?? 0;
  const legalId = pair?.legal_id ?? 0;

  useEffect(() => {
    if (!symbol) return;
    let active = true;
    rememberBookPair(symbol, currencyId, legalId);
    const update = (fn: (s: LiveBook) => Partial<LiveBook>) =>
      setState((s) => {
        const base: LiveBook = s.symbol === symbol ? s : { book: null, last: null, failed: false };
        return { ...base, ...fn(base), symbol };
      });
    const load = () =>
      fetchBook(currencyId, legalId).then(
        (book) => active && update(() => ({ book, failed: false })),
        () => active && update(() => ({ failed: true })),
      );
    void load();
    const timer = setInterval(() => void load(), SESSION_REFRESH_MS);
    const offDepth = onDepth(symbol, (e) =>
      update((s) => (s.book ? { book: { ...s.book, bids: e.bids, asks: e.asks } } : {})),
    );
    const offTrade = onTrade(symbol, (e) =>
      update((s) =>
        s.book
          ? {
              book: {
                ...s.book,
                trades: pushTrade(s.book.trades, {
                  price: e.price,
                  amount: e.amount,
                  direction: e.direction,
                  ts: e.ts,
                }),
              },
            }
          : {},
      ),
    );
    const offTicker = onTicker(symbol, (e) =>
      update(() => ({ last: { price: e.now_price, change: e.change, stale: e.stale } })),
    );
    return () => {
      active = false;
      clearInterval(timer);
      offDepth();
      offTrade();
      offTicker();
    };
  }, [symbol, currencyId, legalId]);

  if (state.symbol !== symbol) return { book: null, last: null, failed: false };
  return state;
}
