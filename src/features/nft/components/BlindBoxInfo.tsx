import { Trans } from '@lingui/react/macro';
import type { NftArtworkDetail } from '@contract/nft';
import { formatPercent } from '@/lib/format';
import styles from './nft.module.css';

// Odds are fractions of 1 on the wire.

/** A box's published commitment and the series' rarity odds, shown before anyone buys. */
export function BlindBoxInfo({ artwork: a }: { artwork: NftArtworkDetail }) {
  return (
    <section className={styles.section} data-testid="nft-box-info">
      <h3>
        <Trans>Blind box</Trans>
      </h3>
      <p className={styles.text}>
        <Trans>
          The contents were fixed before the sale. Their SHA-256 commitment is published below; opening the box reveals
          the contents and the salt, so anyone can check them against it.
        </Trans>
      </p>
      {a.commitment && (
        <>
          <span className={styles.label}>
            <Trans>Commitment</Trans>
          </span>
          <p className={styles.proof} data-testid="nft-commitment">
            {a.commitment}
          </p>
        </>
      )}
      {a.odds.length > 0 && (
        <>
          <span className={styles.label}>
            <Trans>Rarity odds</Trans>
          </span>
          <dl className={styles.facts} data-testid="nft-odds">
            {a.odds.map((o) => (
              <div key={o.rarity} style={{ display: 'contents' }}>
                <dt>{o.rarity}</dt>
                <dd>{formatPercent(o.probability, { signed: false })}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
