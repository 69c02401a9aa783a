import { Trans } from '@lingui/react/macro';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import type { MarketQuote } from '../model/quotes';
import type { SortKey, SortOrder } from '../model/sorting';
import { QuoteRow } from './QuoteRow';
import { StarButton } from './StarButton';
import styles from './market.module.css';
import rows from './quoteRow.module.css';

export interface QuoteListProps {
  quotes: MarketQuote[] | undefined;
  fiat: { currency_code: string; rate: string };
  sort: SortOrder | null;
  onSort: (key: SortKey) => void;
  favorites?: ReadonlySet<number>;
  onStar?: (q: MarketQuote) => void;
  onOpen: (symbol: string) => void;
  empty: ReactNode;
}

function SortButton({
  label,
  k,
  sort,
  onSort,
}: {
  label: ReactNode;
  k: SortKey;
  sort: SortOrder | null;
  onSort: (k: SortKey) => void;
}) {
  const on = sort?.key === k;
  return (
    <button
      type="button"
      className={styles.sortBtn}
      aria-pressed={on}
      data-testid={`sort-${k}`}
      onClick={() => onSort(k)}
    >
      {label}
      <span className={styles.sortGlyph} aria-hidden>
        <span className={on && sort.dir === 'asc' ? styles.glyphOn : undefined}>▲</span>
        <span className={on && sort.dir === 'desc' ? styles.glyphOn : undefined}>▼</span>
      </span>
    </button>
  );
}

/** Rows that fill a phone's screen under the market tab's header. */
const FIRST_SCREEN_ROWS = 14;

/**
 * How many rows to render: a screenful first, every row right after in a transition, which React
 * renders in slices, so a long list never holds the main thread in one long task.
 */
function useRowsShown(total: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!all && total > FIRST_SCREEN_ROWS) startTransition(() => setAll(true));
  }, [all, total]);
  return all ? total : Math.min(total, FIRST_SCREEN_ROWS);
}

/** The quote table with sortable headers; skeleton rows while nothing is stored yet. */
export function QuoteList({ quotes, fiat, sort, onSort, favorites, onStar, onOpen, empty }: QuoteListProps) {
  const shown = useRowsShown(quotes?.length ?? 0);
  return (
    <>
      <div className={styles.header}>
        <span>
          <Trans>Pair</Trans> / <SortButton label={<Trans>Vol</Trans>} k="volume" sort={sort} onSort={onSort} />
        </span>
        <span className={rows.right}>
          <SortButton label={<Trans>Last price</Trans>} k="price" sort={sort} onSort={onSort} />
        </span>
        <span className={rows.right}>
          <SortButton label={<Trans>24h change</Trans>} k="change" sort={sort} onSort={onSort} />
        </span>
      </div>
      {quotes === undefined ? (
        <div aria-busy="true" data-testid="quotes-loading">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className={rows.skeleton} />
          ))}
        </div>
      ) : quotes.length === 0 ? (
        <div className={rows.empty}>{empty}</div>
      ) : (
        <ul className={rows.list} data-testid="quote-list">
          {quotes.slice(0, shown).map((q) => (
            <QuoteRow
              key={q.symbol}
              quote={q}
              fiat={fiat}
              star={onStar && <StarButton starred={!!favorites?.has(q.currency_id)} onToggle={() => onStar(q)} />}
              onOpen={onOpen}
            />
          ))}
        </ul>
      )}
    </>
  );
}
