import { DotLoading, ErrorBlock } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { ListEnd, OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { pages, useGo } from '@/lib/nav';
import { ArtistRow } from './components/ArtistRow';
import { useArtists } from './state/catalogue';
import styles from './components/nft.module.css';

/** `nft/components/artist`: the artists, each opening their homepage. */
export function ArtistsPage() {
  const { t } = useLingui();
  const go = useGo();
  const list = useArtists();
  return (
    <div className={styles.page}>
      <NavBar title={t`Artists`} />
      <Refresh onRefresh={list.refresh}>
        <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
        {list.rows === undefined || (list.rows === null && !list.failed) ? (
          <div className={styles.center}>
            <DotLoading color="primary" />
          </div>
        ) : list.rows === null ? (
          <ErrorBlock status="disconnected" title={t`Could not be loaded`} description={t`Pull down to try again.`} />
        ) : list.rows.length === 0 ? (
          <ErrorBlock status="empty" title={t`No artists yet`} description="" />
        ) : (
          <ul className={styles.cards} data-testid="nft-artists">
            {list.rows.map((a) => (
              <ArtistRow
                key={a.uid}
                artist={a}
                onOpen={() => go({ to: pages.nft.artistDetail, search: { uid: a.uid } })}
              />
            ))}
          </ul>
        )}
        <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
      </Refresh>
    </div>
  );
}
