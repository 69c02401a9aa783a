import { Trans } from '@lingui/react/macro';
import { memo, startTransition, useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
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

/** Rows that fill a phone's screen under the market tab's header; more are added by as many. */
const SCREEN_ROWS = 14;
/** How far below the screen the next rows are rendered, so scrolling never reaches an edge. */
const AHEAD = '0px 0px 600px 0px';

/**
 * How many rows to render: a screenful, then a screenful more each time the end of the list
 * comes near the screen. Rows nobody scrolled to are never rendered, so the first paint and each
 * live tick (which re-renders the rows whose figures moved) cost what is visible, not the whole
 * list. The sentinel is the element after the last row.
 */
function useRowsShown(total: number): [number, RefObject<HTMLLIElement | null>] {
  const [limit, setLimit] = useState(SCREEN_ROWS);
  const sentinel = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || limit >= total) return;
    // A new observer reports the sentinel's current state at once: if it is still near the screen
    // after a step, the next step follows.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setLimit((n) => n + SCREEN_ROWS));
      },
      { rootMargin: AHEAD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [limit, total]);
  return [Math.min(total, limit), sentinel];
}

/** The figures a row shows: a row re-renders only when one of them (or its star) changed. */
const sameShown = (a: MarketQuote, b: MarketQuote) =>
  a.symbol === b.symbol &&
  a.price === b.price &&
  a.change === b.change &&
  a.volume === b.volume &&
  a.stale === b.stale &&
  a.market_open === b.market_open &&
  a.logo === b.logo &&
  a.currency_id === b.currency_id;

interface ListRowProps {
  quote: MarketQuote;
  fiat: { currency_code: string; rate: string };
  starred: boolean | undefined;
  onStar: ((q: MarketQuote) => void) | undefined;
  onOpen: (symbol: string) => void;
}

/**
 * A list row. Dexie hands over new objects for every pair on each flush of live tickers, so rows
 * are compared by what they show, not by identity.
 */
const ListRow = memo(
  function ListRow({ quote, fiat, starred, onStar, onOpen }: ListRowProps) {
    return (
      <QuoteRow
        quote={quote}
        fiat={fiat}
        star={onStar && <StarButton starred={!!starred} onToggle={() => onStar(quote)} />}
        onOpen={onOpen}
      />
    );
  },
  (a, b) =>
    sameShown(a.quote, b.quote) &&
    a.fiat.currency_code === b.fiat.currency_code &&
    a.fiat.rate === b.fiat.rate &&
    a.starred === b.starred &&
    a.onStar === b.onStar &&
    a.onOpen === b.onOpen,
);

/**
 * The latest of a callback the parent passes anew on each render, behind one function that never
 * changes, so memoized rows do not re-render for it.
 */
function useStableCallback<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/** The quote table with sortable headers; skeleton rows while nothing is stored yet. */
export function QuoteList({ quotes, fiat, sort, onSort, favorites, onStar, onOpen, empty }: QuoteListProps) {
  const [shown, sentinel] = useRowsShown(quotes?.length ?? 0);
  const open = useStableCallback(onOpen);
  const star = useStableCallback((q: MarketQuote) => onStar?.(q));
  const withStar = onStar !== undefined;
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
            <ListRow
              key={q.symbol}
              quote={q}
              fiat={fiat}
              starred={withStar ? !!favorites?.has(q.currency_id) : undefined}
              onStar={withStar ? star : undefined}
              onOpen={open}
            />
          ))}
          {shown < quotes.length && <li ref={sentinel} aria-hidden className={rows.more} />}
        </ul>
      )}
    </>
  );
}
