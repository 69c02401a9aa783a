import { Trans } from '@lingui/react/macro';
import type { NftArtist } from '@contract/nft';
import styles from './nft.module.css';

/** One artist in a list: avatar, name, number of works. */
export function ArtistRow({ artist: a, onOpen }: { artist: NftArtist; onOpen: () => void }) {
  return (
    <li className={styles.card} data-testid={`nft-artist-${a.uid}`}>
      <button type="button" className={`${styles.cardButton} ${styles.row}`} onClick={onOpen}>
        <span>
          <strong>{a.name}</strong>
          <span className={styles.hint}>
            <Trans>{a.works} works</Trans>
          </span>
        </span>
        <img className={styles.avatar} src={a.avatar} alt="" />
      </button>
    </li>
  );
}
