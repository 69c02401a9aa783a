import { cmpDec, parseDec } from '@/lib/format/number';
import type { MarketQuote } from './quotes';

// Kept apart from ./quotes: home shows quotes but never sorts or filters them, and this stays
// out of its bundle.

export type Segment = 'favorites' | 'coins' | 'futures' | 'stocks';
export const SEGMENTS: readonly Segment[] = ['favorites', 'coins', 'futures', 'stocks'];

/** Which pairs a market tab segment lists; favorites are matched by base currency id. */
export function inSegment(q: MarketQuote, segment: Segment, favorites: ReadonlySet<number>): boolean {
  switch (segment) {
    case 'favorites':
      return favorites.has(q.currency_id);
    case 'coins':
      return q.kind === 'spot';
    case 'futures':
      return q.kind === 'spot' && q.open_lever;
    case 'stocks':
      return q.kind === 'stock';
  }
}

export type SortKey = 'price' | 'change' | 'volume';
export type SortDir = 'asc' | 'desc';
export interface SortOrder {
  key: SortKey;
  dir: SortDir;
}

const FIELD: Record<SortKey, keyof MarketQuote> = { price: 'price', change: 'change', volume: 'volume' };

/**
 * Sorted copy by a decimal field (compared as decimals, never as floats or text); ties and
 * unparsable values keep the server's order (`id`), so rows do not jump between ticks.
 */
export function sortQuotes(list: readonly MarketQuote[], order: SortOrder | null): MarketQuote[] {
  const copy = [...list];
  if (!order) return copy.sort((a, b) => a.id - b.id);
  const sign = order.dir === 'asc' ? 1 : -1;
  const field = FIELD[order.key];
  return copy.sort((a, b) => {
    const x = parseDec(a[field] as string);
    const y = parseDec(b[field] as string);
    if (x && y && cmpDec(x, y) !== 0) return sign * cmpDec(x, y);
    if (x && !y) return -1;
    if (!x && y) return 1;
    return a.id - b.id;
  });
}

/** Tapping a sort header: descending first, then ascending, then back to the server's order. */
export function nextSort(current: SortOrder | null, key: SortKey): SortOrder | null {
  if (current?.key !== key) return { key, dir: 'desc' };
  return current.dir === 'desc' ? { key, dir: 'asc' } : null;
}

/** Case-insensitive match on ticker, pair and full name, for searching the cached list offline. */
export function matchesKeyword(q: MarketQuote, keyword: string): boolean {
  const k = keyword.trim().toLowerCase();
  if (!k) return false;
  return q.symbol.toLowerCase().includes(k) || q.currency_name.toLowerCase().includes(k);
}
