import { useEffect, useMemo, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { SearchBar } from 'antd-mobile';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import { NavBar } from '@/components/NavBar';
import { fetchHotSearch, searchPairs } from './api/market';
import { QuoteList } from './components/QuoteList';
import { PAIR_PAGE } from './MarketPage';
import { fromPairQuote, type MarketQuote } from './model/quotes';
import { matchesKeyword, nextSort, sortQuotes, type SortOrder } from './model/sorting';
import { useFavoriteIds, useToggleFavorite } from './state/favorites';
import { useFiat } from './state/fiat';
import { useStoredQuotes } from './state/quotes';
import { useRecentViews } from './state/recent';
import styles from './components/search.module.css';
import { apiErrorsShown } from '@/lib/submit';

const DEBOUNCE_MS = 250;

/** Server results for the keyword; undefined until they arrive (the stored list answers first). */
function useServerSearch(keyword: string): { keyword: string; list: MarketQuote[] } | null {
  const [result, setResult] = useState<{ keyword: string; list: MarketQuote[] } | null>(null);
  useEffect(() => {
    const k = keyword.trim();
    if (!k) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      searchPairs(k, abort.signal)
        .then((list) => setResult({ keyword: k, list: list.map((q) => fromPairQuote(q, Date.now())) }))
        .catch(apiErrorsShown('pair search'));
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [keyword]);
  return result;
}

/** Hot pairs from the server, or the busiest stored pairs offline. */
function useHot(stored: MarketQuote[] | undefined): string[] {
  const [hot, setHot] = useState<string[] | null>(null);
  useEffect(() => {
    fetchHotSearch()
      .then((list) => setHot(list.map((q) => q.symbol)))
      .catch(apiErrorsShown('hot search'));
  }, []);
  return useMemo(
    () =>
      hot ??
      sortQuotes(stored ?? [], { key: 'volume', dir: 'desc' })
        .slice(0, 8)
        .map((q) => q.symbol),
    [hot, stored],
  );
}

/** Search: hot searches and recent views, then results as you type (live list offline too). */
export function SearchPage() {
  const { t } = useLingui();
  const router = useRouter();
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<SortOrder | null>(null);
  const stored = useStoredQuotes();
  const server = useServerSearch(keyword);
  const hot = useHot(stored);
  const { recent, clear } = useRecentViews();
  const favorites = useFavoriteIds();
  const toggle = useToggleFavorite();
  const fiat = useFiat();

  const k = keyword.trim();
  const results = useMemo(() => {
    if (!k) return undefined;
    // Stored prices are live; the server's list may know pairs the stored copy does not.
    const bySymbol = new Map((stored ?? []).filter((q) => matchesKeyword(q, k)).map((q) => [q.symbol, q]));
    if (server?.keyword === k) for (const q of server.list) if (!bySymbol.has(q.symbol)) bySymbol.set(q.symbol, q);
    return sortQuotes([...bySymbol.values()], sort);
  }, [k, stored, server, sort]);

  const open = (symbol: string) => void router.navigate({ to: PAIR_PAGE, search: { symbol } });
  const chips = (symbols: string[], ranked: boolean, testId: string) => (
    <ul className={styles.chips} data-testid={testId}>
      {symbols.map((s, i) => (
        <li key={s}>
          <button type="button" className={styles.chip} onClick={() => open(s)}>
            {ranked && <span className={styles.hotRank}>{i + 1}</span>}
            {s}
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <>
      <NavBar
        title={
          <div className={styles.bar}>
            <SearchBar
              placeholder={t`Search coins or stocks`}
              value={keyword}
              onChange={setKeyword}
              autoFocus
              aria-label={t`Search`}
            />
          </div>
        }
        right={
          <button type="button" className={styles.cancel} onClick={() => router.history.back()}>
            <Trans>Cancel</Trans>
          </button>
        }
      />
      <main>
        {results ? (
          <QuoteList
            quotes={results}
            fiat={fiat}
            sort={sort}
            onSort={(key) => setSort((s) => nextSort(s, key))}
            favorites={favorites}
            onStar={(q) => void toggle(q)}
            onOpen={open}
            empty={<Trans>No pairs match "{k}".</Trans>}
          />
        ) : (
          <>
            <section className={styles.section}>
              <div className={styles.sectionHead}>
                <h2 className={styles.sectionTitle}>
                  <Trans>Hot searches</Trans>
                </h2>
              </div>
              {hot.length > 0 ? (
                chips(hot, true, 'hot-searches')
              ) : (
                <p className={styles.muted}>
                  <Trans>Loading…</Trans>
                </p>
              )}
            </section>
            <section className={styles.section}>
              <div className={styles.sectionHead}>
                <h2 className={styles.sectionTitle}>
                  <Trans>Recently viewed</Trans>
                </h2>
                {recent.length > 0 && (
                  <button type="button" className={styles.clear} aria-label={t`Clear recently viewed`} onClick={clear}>
                    <DeleteOutline />
                  </button>
                )}
              </div>
              {recent.length > 0 ? (
                chips(recent, false, 'recent-views')
              ) : (
                <p className={styles.muted}>
                  <Trans>Pairs you open appear here.</Trans>
                </p>
              )}
            </section>
          </>
        )}
      </main>
    </>
  );
}
