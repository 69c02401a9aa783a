import { Trans } from '@lingui/react/macro';
import type { NftArtwork } from '@contract/nft';
import { Media } from './Media';
import { Tags } from './Tags';
import styles from './nft.module.css';

/** One artwork in a grid: its picture, name, tags, and the price or current bid. */
export function ArtworkCard({ artwork: a, onOpen }: { artwork: NftArtwork; onOpen: () => void }) {
  const auction = a.pay_type === 2;
  const shown = auction ? (a.current_price ?? a.price) : a.price;
  return (
    <li className={styles.card} data-testid={`nft-artwork-${a.id}`}>
      <button type="button" className={styles.cardButton} onClick={onOpen}>
        <Media kind={a.type} cover={a.image} name={a.name} />
        <div className={styles.cardBody}>
          <strong>{a.name}</strong>
          <Tags artwork={a} />
          <div className={styles.cardRow}>
            <span>{a.author_name}</span>
            {shown !== null && (
              <span className={styles.price}>
                {auction && a.current_price !== null ? <Trans>Bid {shown}</Trans> : shown} {a.currency_name}
              </span>
            )}
          </div>
        </div>
      </button>
    </li>
  );
}
