import type { ReactNode } from 'react';
import { DotLoading, ErrorBlock } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { NftArtworkDetail } from '@contract/nft';
import styles from './nft.module.css';

interface ArtworkStatesProps {
  id: number | undefined;
  /** The cached read of the artwork (`useArtwork`). */
  artwork: { value: NftArtworkDetail | null | undefined; failed: boolean };
  /** Why this page cannot use the artwork (wrong sale mode, not the owner), if it cannot. */
  refusal?: (artwork: NftArtworkDetail) => string | undefined;
  children: (artwork: NftArtworkDetail) => ReactNode;
}

/**
 * The states every page of one artwork shows before its content: no id, loading, a failed read
 * with nothing stored, a refusal of this page, then the artwork itself.
 */
export function ArtworkStates({ id, artwork, refusal, children }: ArtworkStatesProps) {
  const { t } = useLingui();
  const a = artwork.value;
  if (id === undefined) return <ErrorBlock status="empty" title={t`The artwork does not exist`} description="" />;
  if (a === undefined || (a === null && !artwork.failed)) {
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  if (a === null) {
    return <ErrorBlock status="disconnected" title={t`Could not be loaded`} description={t`Pull down to try again.`} />;
  }
  const refused = refusal?.(a);
  return refused ? <ErrorBlock status="empty" title={refused} description="" /> : children(a);
}
