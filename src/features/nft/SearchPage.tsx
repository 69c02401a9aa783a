import { useCallback } from 'react';
import { ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { useCachedReply } from '@/lib/holdings';
import { pages, useGo } from '@/lib/nav';
import { fetchArtists } from './api/nft';
import { ArtistRow } from './components/ArtistRow';
import { ArtworkGrid } from './components/ArtworkGrid';
import { SearchRow } from './components/SearchRow';
import { useArtworks } from './state/catalogue';
import styles from './components/nft.module.css';

/** `nft/components/search?q=`: artworks and artists whose name matches. */
export function SearchPage({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useLingui();
  return (
    <div className={styles.page}>
      <NavBar title={t`Search`} />
      <SearchRow initial={q} onSearch={onSearch} />
      {q === '' ? (
        <ErrorBlock status="empty" title={t`Type a name to search`} description="" />
      ) : (
        <Results key={q} q={q} />
      )}
    </div>
  );
}

function Results({ q }: { q: string }) {
  const { t } = useLingui();
  const go = useGo();
  const works = useArtworks({ keyword: q });
  const fetchMatching = useCallback(() => fetchArtists(1, q), [q]);
  const artists = useCachedReply(`nft:artists:${q}`, fetchMatching);
  return (
    <Refresh onRefresh={() => Promise.all([works.refresh(), artists.refresh()])}>
      <OfflineAsOf savedAt={works.savedAt} show={works.failed} />
      {artists.value && artists.value.data.length > 0 && (
        <>
          <h3 className={styles.label}>
            <Trans>Artists</Trans>
          </h3>
          <ul className={styles.cards}>
            {artists.value.data.map((a) => (
              <ArtistRow
                key={a.uid}
                artist={a}
                onOpen={() => go({ to: pages.nft.artistDetail, search: { uid: a.uid } })}
              />
            ))}
          </ul>
        </>
      )}
      <ArtworkGrid list={works} empty={t`Nothing matches “${q}”`} testId="nft-search-results" />
    </Refresh>
  );
}
