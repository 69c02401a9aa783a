import Decimal from 'decimal.js';
import type { Currency, CurrencyType, PairQuote } from '@contract/market';
import { AppError } from '../errors';
import { CATALOG, type Instrument } from './catalog';
import type { MarketRuntime } from './runtime';

const SEARCH_LIMIT = 50;
const HOT_COUNT = 8;

/** Listed currencies; a stock or coin the running feed cannot price is shown with status 0. */
export function currencies(market: MarketRuntime, type?: CurrencyType): Currency[] {
  const priced = new Set(market.instruments().map((i) => i.base.id));
  const tradable = new Set(CATALOG.instruments.map((i) => i.base.id));
  return CATALOG.currencies
    .filter((c) => !type || c.type === type)
    .map((c) => (tradable.has(c.id) && !priced.has(c.id) ? { ...c, status: 0 as const } : c));
}

type QuoteGroup = { legal_id: number; legal_name: string; quotation: PairQuote[] };

/**
 * Answers derived from one tick's quote list, made once per list: every request in a tick
 * shares them (the list is replaced, never changed, when the market ticks).
 */
const groupedByTick = new WeakMap<readonly PairQuote[], QuoteGroup[]>();
const hotByTick = new WeakMap<readonly PairQuote[], PairQuote[]>();

function perTick<T>(cache: WeakMap<readonly PairQuote[], T>, list: readonly PairQuote[], make: () => T): T {
  let value = cache.get(list);
  if (value === undefined) {
    value = make();
    cache.set(list, value);
  }
  return value;
}

/** Pairs grouped by quote currency, in catalogue order (USDT spot first, then USD stocks). */
export function quotation(market: MarketRuntime): QuoteGroup[] {
  const list = market.quotes();
  return perTick(groupedByTick, list, () => group(list));
}

function group(list: readonly PairQuote[]): QuoteGroup[] {
  const groups = new Map<number, QuoteGroup>();
  for (const q of list) {
    const g = groups.get(q.legal_id) ?? { legal_id: q.legal_id, legal_name: q.legal_name, quotation: [] };
    g.quotation.push(q);
    groups.set(q.legal_id, g);
  }
  return [...groups.values()];
}

export function search(market: MarketRuntime, keyword: string): PairQuote[] {
  const k = keyword.trim().toUpperCase();
  const hit = (i: Instrument) =>
    i.symbol.includes(k) || i.base.subName.toUpperCase().includes(k) || i.symbol.replace('/', '').includes(k);
  return market
    .instruments()
    .filter(hit)
    .slice(0, SEARCH_LIMIT)
    .map((i) => market.quote(i));
}

/** Most traded by 24 h value in the quote currency: what people are actually trading. */
export function hot(market: MarketRuntime): PairQuote[] {
  const list = market.quotes();
  return perTick(hotByTick, list, () => {
    const value = (q: PairQuote) => new Decimal(q.volume).times(q.now_price);
    return [...list].sort((a, b) => value(b).comparedTo(value(a))).slice(0, HOT_COUNT);
  });
}

export function instrument(market: MarketRuntime, symbol: string): Instrument {
  const inst = market.find(symbol);
  if (!inst) throw new AppError('field_invalid', { field: 'symbol' });
  return inst;
}
