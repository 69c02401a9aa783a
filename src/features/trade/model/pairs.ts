import type { PairQuote } from '@contract/market';

/** Sections of the trade tab (SPEC.md section 2): favorites, coins, futures, stock. */
export type PairSection = 'favorites' | 'coin' | 'stock';

/** The pairs of a section whose ticker or name contains the search text (any case). */
export function pairsIn(
  pairs: readonly PairQuote[],
  section: PairSection,
  favorites: ReadonlySet<number>,
  search = '',
): PairQuote[] {
  const needle = search.trim().toLowerCase();
  return pairs.filter(
    (p) =>
      (section === 'favorites'
        ? favorites.has(p.currency_id)
        : section === 'stock'
          ? p.kind === 'stock'
          : p.kind === 'spot') &&
      (!needle || p.symbol.toLowerCase().includes(needle) || p.currency_name.toLowerCase().includes(needle)),
  );
}

/** The section a pair belongs to when it is opened on its own. */
export const sectionOf = (pair: Pick<PairQuote, 'kind'>): PairSection => (pair.kind === 'stock' ? 'stock' : 'coin');

/** Base and quote names of a pair. */
export const sidesOf = (pair: Pick<PairQuote, 'currency_name' | 'legal_name'>) => ({
  base: pair.currency_name,
  quote: pair.legal_name,
});
