import type { PairQuote } from '@contract/market';
import type { TickerEvent } from '@contract/market-events';
import type { QuoteRow } from '@/lib/db';

/**
 * A pair as the screens show it and as Dexie keeps it: the `quotes` row plus the fields the
 * lists need. `updatedAt` is when this copy was received (the "as of" time offline).
 */
export interface MarketQuote extends QuoteRow {
  id: number;
  currency_name: string;
  legal_name: string;
  kind: PairQuote['kind'];
  high: string;
  low: string;
  logo: string;
  open_lever: boolean;
  /** Seconds contracts are offered on the pair (absent in copies stored by older versions). */
  open_microtrade?: boolean;
  price_decimals: number;
  source: PairQuote['source'];
  stale: boolean;
  /** Time of the last tick on the server. */
  ts: number;
  /** The pair's market is in session (absent in copies stored by older versions: taken as open). */
  market_open?: boolean;
}

/**
 * The tag a pair's price carries: `closed` when its market is out of session (a stock at night or
 * at the weekend, whose last price is simply the close), `stale` only when the feed is late while
 * the market trades, nothing otherwise.
 */
export function priceTag(q: Pick<MarketQuote, 'stale' | 'market_open'>): 'closed' | 'stale' | null {
  if (q.market_open === false) return 'closed';
  return q.stale ? 'stale' : null;
}

export function fromPairQuote(q: PairQuote, now: number): MarketQuote {
  return {
    id: q.id,
    symbol: q.symbol,
    currency_id: q.currency_id,
    currency_name: q.currency_name,
    legal_id: q.legal_id,
    legal_name: q.legal_name,
    kind: q.kind,
    price: q.now_price,
    change: q.change,
    volume: q.volume,
    high: q.high,
    low: q.low,
    logo: q.logo,
    open_lever: q.open_lever,
    open_microtrade: q.open_microtrade,
    price_decimals: q.price_decimals,
    source: q.source,
    stale: q.stale,
    ts: q.ts,
    market_open: q.market_open,
    updatedAt: now,
  };
}

/** A live ticker applied to the stored quote; older ticks than the stored one are ignored. */
export function applyTicker(q: MarketQuote, e: TickerEvent, now: number): MarketQuote {
  if (e.ts < q.ts) return q;
  return {
    ...q,
    price: e.now_price,
    change: e.change,
    volume: e.volume,
    high: e.high,
    low: e.low,
    stale: e.stale,
    ts: e.ts,
    updatedAt: now,
  };
}

/** The pair's base and quote, e.g. "BTC/USDT" → ["BTC", "USDT"]. */
export function splitSymbol(symbol: string): [string, string] {
  const [base = symbol, quote = ''] = symbol.split('/');
  return [base, quote];
}

/**
 * The stored quotes to list, or undefined (the loading skeleton) until there is something to
 * say: on a cold start Dexie is empty while the first fetch runs, and for a moment after it has
 * stored the pairs, which is not "no pairs" (showing that would make the list jump).
 */
export function quotesOrLoading(stored: MarketQuote[] | undefined, rowsExpected: boolean): MarketQuote[] | undefined {
  if (stored === undefined || (stored.length === 0 && rowsExpected)) return undefined;
  return stored;
}
