import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { BlindBoxProof } from '@contract/nft';
import { settlementRef } from '@contract/record';
import { VerifyLink } from '@/components/VerifyLink';
import { checkProof, type ProofCheck } from '../model/proof';
import styles from './nft.module.css';

/**
 * An opened box's proof, checked on this device: the revealed content and salt rebuild the text
 * whose SHA-256 is the commitment the box published before the sale.
 */
export function ProofView({
  proof,
  published,
  artworkId,
}: {
  proof: BlindBoxProof;
  published: string;
  artworkId: number;
}) {
  const [check, setCheck] = useState<ProofCheck | null>(null);
  useEffect(() => {
    let live = true;
    void checkProof(proof, published).then((c) => live && setCheck(c));
    return () => {
      live = false;
    };
  }, [proof, published]);
  const ok = check?.textMatches && check.hashMatches;
  return (
    <section className={styles.section} data-testid="nft-proof">
      <h3>
        <Trans>Proof of the contents</Trans>
      </h3>
      <dl className={styles.facts}>
        <dt>
          <Trans>Contents</Trans>
        </dt>
        <dd data-testid="nft-proof-content">
          {proof.content.name} · {proof.content.rarity}
        </dd>
        <dt>
          <Trans>Box</Trans>
        </dt>
        <dd>{proof.box}</dd>
      </dl>
      <span className={styles.label}>
        <Trans>Salt</Trans>
      </span>
      <p className={styles.proof} data-testid="nft-proof-salt">
        {proof.salt}
      </p>
      <span className={styles.label}>
        <Trans>Hashed text</Trans>
      </span>
      <p className={styles.proof}>{proof.canonical}</p>
      <span className={styles.label}>
        <Trans>Commitment published before the sale</Trans>
      </span>
      <p className={styles.proof} data-testid="nft-proof-commitment">
        {published}
      </p>
      <span className={styles.label}>
        <Trans>SHA-256 computed on this device</Trans>
      </span>
      <p className={styles.proof} data-testid="nft-proof-hash">
        {check?.hash ?? '…'}
      </p>
      {check && (
        <p className={ok ? styles.ok : styles.bad} data-testid="nft-proof-verdict" role="status">
          {ok ? (
            <Trans>Verified: the contents match the commitment.</Trans>
          ) : (
            <Trans>Does not match: the contents differ from the commitment.</Trans>
          )}
        </p>
      )}
      <VerifyLink settlement={settlementRef.nftBlindBox(artworkId)} />
    </section>
  );
}
