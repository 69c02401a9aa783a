import { DotLoading, ErrorBlock } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { NftArtwork } from '@contract/nft';
import { ListEnd } from '@/components/ListEnd';
import { useGo } from '@/lib/nav';
import { detailTarget } from '../model/targets';
import { ArtworkCard } from './ArtworkCard';
import styles from './nft.module.css';

export interface ArtworkList {
  rows: NftArtwork[] | null | undefined;
  failed: boolean;
  more: boolean;
  loadMore: () => Promise<void>;
}

/** A grid of artworks with its loading, error, empty and end states. */
export function ArtworkGrid({ list, empty, testId }: { list: ArtworkList; empty: string; testId: string }) {
  const { t } = useLingui();
  const go = useGo();
  return (
    <>
      {list.rows === undefined || (list.rows === null && !list.failed) ? (
        <div className={styles.center}>
          <DotLoading color="primary" />
        </div>
      ) : list.rows === null ? (
        <ErrorBlock status="disconnected" title={t`Could not be loaded`} description={t`Pull down to try again.`} />
      ) : list.rows.length === 0 ? (
        <ErrorBlock status="empty" title={empty} description="" />
      ) : (
        <ul className={styles.grid} data-testid={testId}>
          {list.rows.map((a) => (
            <ArtworkCard key={a.id} artwork={a} onOpen={() => go(detailTarget(a))} />
          ))}
        </ul>
      )}
      <ListEnd more={list.more} failed={list.failed} loadMore={list.loadMore} count={list.rows?.length ?? 0} />
    </>
  );
}
