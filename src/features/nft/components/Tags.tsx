import { useLingui } from '@lingui/react/macro';
import type { NftArtwork } from '@contract/nft';
import { MODE_LABELS, SALE_LABELS, SOLD_LABEL, TYPE_LABELS } from '../model/labels';
import { isSold, showsSale } from '../model/sale';
import styles from './nft.module.css';

/** Rarity, type, sale mode and sale state of an artwork ("Sold" once bought). */
export function Tags({ artwork: a, state = true }: { artwork: NftArtwork; state?: boolean }) {
  const { i18n } = useLingui();
  // A blind box's sale mode is its type: named once.
  const mode = a.pay_type === null || a.pay_type === 3 ? undefined : MODE_LABELS[a.pay_type];
  return (
    <div className={styles.tags}>
      {a.rarity && (
        <span className={`${styles.tag} ${styles[`rarity${a.rarity}`]}`} data-testid="nft-rarity">
          {a.rarity}
        </span>
      )}
      <span className={styles.tag}>{i18n._(TYPE_LABELS[a.type])}</span>
      {mode && <span className={styles.tag}>{i18n._(mode)}</span>}
      {state && isSold(a) && (
        <span className={`${styles.tag} ${styles.ended}`} data-testid="nft-sale-state">
          {i18n._(SOLD_LABEL)}
        </span>
      )}
      {state && showsSale(a) && a.status !== null && (
        <span
          className={`${styles.tag} ${a.status === 'started' ? styles.live : a.status === 'ended' ? styles.ended : ''}`}
          data-testid="nft-sale-state"
        >
          {i18n._(SALE_LABELS[a.status])}
        </span>
      )}
    </div>
  );
}
