import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { pages, useGo } from '@/lib/nav';
import { ArtworkGrid } from './components/ArtworkGrid';
import { useArtistPage, useArtworks } from './state/catalogue';
import styles from './components/nft.module.css';

/** `nft/artistDetail?uid=`: an artist's homepage: profile, link, collections and works. */
export function ArtistDetailPage({ uid }: { uid: number | undefined }) {
  const { t } = useLingui();
  const go = useGo();
  const page = useArtistPage(uid);
  const works = useArtworks({ uid: uid ?? 0 });
  const p = page.value;
  return (
    <div className={styles.page}>
      <NavBar title={p?.artist.name ?? t`Artist`} />
      <Refresh onRefresh={() => Promise.all([page.refresh(), works.refresh()])}>
        <OfflineAsOf savedAt={page.savedAt} show={page.failed} />
        {uid === undefined ? (
          <ErrorBlock status="empty" title={t`The artist does not exist`} description="" />
        ) : p === undefined || (p === null && !page.failed) ? (
          <div className={styles.center}>
            <DotLoading color="primary" />
          </div>
        ) : p === null ? (
          <ErrorBlock status="disconnected" title={t`Could not be loaded`} description={t`Pull down to try again.`} />
        ) : (
          <>
            <section className={styles.section} data-testid="nft-artist">
              <div className={styles.row}>
                <span>
                  <h3>{p.artist.name}</h3>
                  <span className={styles.hint}>
                    <Trans>{p.artist.works} works</Trans>
                  </span>
                </span>
                <img className={styles.avatar} src={p.artist.avatar} alt="" />
              </div>
              {p.artist.intro && <p className={styles.text}>{p.artist.intro}</p>}
              {p.artist.homepage && (
                <a className={styles.link} href={p.artist.homepage} target="_blank" rel="noopener noreferrer">
                  <Trans>Homepage</Trans>
                </a>
              )}
            </section>
            {p.collections.length > 0 && (
              <div className={styles.chips}>
                {p.collections.map((c) => (
                  <button
                    key={c.id}
                    type="button"
                    className={styles.chip}
                    onClick={() => go({ to: pages.nft['components/collection'], search: { id: c.id } })}
                  >
                    {c.name}
                  </button>
                ))}
              </div>
            )}
            <ArtworkGrid list={works} empty={t`No works yet`} testId="nft-artist-works" />
          </>
        )}
      </Refresh>
    </div>
  );
}
