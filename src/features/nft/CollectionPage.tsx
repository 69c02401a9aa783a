import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NftCollection } from '@contract/nft';
import { NavBar } from '@/components/NavBar';
import { ListEnd, OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { pages, useGo } from '@/lib/nav';
import { ArtworkGrid } from './components/ArtworkGrid';
import { useArtworks, useCollections } from './state/catalogue';
import styles from './components/nft.module.css';

/** `nft/components/collection`: the collections, or with `?id=` one collection's works. */
export function CollectionPage({ id }: { id: number | undefined }) {
  const { t } = useLingui();
  const collections = useCollections();
  const one = id === undefined ? undefined : collections.rows?.find((c) => c.id === id);
  return (
    <div className={styles.page}>
      <NavBar title={one?.name ?? t`Collections`} />
      {id === undefined ? <Collections list={collections} /> : <Works id={id} collection={one} />}
    </div>
  );
}

function Collections({ list }: { list: ReturnType<typeof useCollections> }) {
  const { t } = useLingui();
  const go = useGo();
  return (
    <Refresh onRefresh={list.refresh}>
      <OfflineAsOf savedAt={list.savedAt} show={list.failed} />
      {list.rows === undefined || (list.rows === null && !list.failed) ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : list.rows === null ? (
        <ErrorBlock status="disconnected" title={t`Could not be loaded`} description={t`Pull down to try again.`} />
      ) : list.rows.length === 0 ? (
        <ErrorBlock status="empty" title={t`No collections yet`} description="" />
      ) : (
        <ul className={styles.grid} data-testid="nft-collections">
          {list.rows.map((c) => (
            <li key={c.id} className={styles.card}>
              <button
                type="button"
                className={styles.cardButton}
                onClick={() => go({ to: pages.nft['components/collection'], search: { id: c.id } })}
              >
                <img className={styles.cover} src={c.cover} alt="" />
                <div className={styles.cardBody}>
                  <strong>{c.name}</strong>
                  <div className={styles.cardRow}>
                    <span>{c.artist_name}</span>
                    <span>
                      <Trans>{c.works} works</Trans>
                    </span>
                  </div>
                </div>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
    </Refresh>
  );
}

function Works({ id, collection }: { id: number; collection: NftCollection | undefined }) {
  const { t } = useLingui();
  const go = useGo();
  const works = useArtworks({ collection_id: id });
  return (
    <Refresh onRefresh={works.refresh}>
      <OfflineAsOf savedAt={works.savedAt} show={works.failed} />
      {collection && (
        <section className={styles.section}>
          <p className={styles.text}>{collection.description}</p>
          <button
            type="button"
            className={styles.link}
            onClick={() => go({ to: pages.nft.artistDetail, search: { uid: collection.artist_uid } })}
          >
            {collection.artist_name}
          </button>
        </section>
      )}
      <ArtworkGrid list={works} empty={t`No works in this collection yet`} testId="nft-collection-works" />
    </Refresh>
  );
}
