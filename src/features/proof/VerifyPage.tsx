import { Fragment, useState, type ChangeEvent } from 'react';
import { Button } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { InclusionProof } from '@contract/domain/merkle-sum-proof';
import type { Snapshot } from '@contract/proof';
import { NavBar } from '@/components/NavBar';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import { isLoggedInAtom } from '@/lib/state';
import { useSubmit } from '@/lib/submit';
import { fetchMyProofs, fetchSnapshot, fetchSnapshots } from './api/proof';
import { CheckList } from './components/CheckList';
import { readProofFile, saveProofFile, totalsOf, verifyAgainst, type ProofResult } from './model/verify';
import styles from './components/proof.module.css';

interface Outcome {
  snapshot: Snapshot;
  /** Set when the published snapshot came from the device's copy (offline): when it was saved. */
  savedAt?: number | undefined;
  proofs: InclusionProof[];
  results: ProofResult[];
}

/**
 * Checks proofs against the snapshot as the exchange publishes it (fetched on its own, not from
 * the file; offline, as the device saved it earlier).
 */
async function check(proofs: InclusionProof[]): Promise<Outcome> {
  const { snapshot, savedAt } = await fetchSnapshot((proofs[0] as InclusionProof).snapshot_id);
  return { snapshot, savedAt, proofs, results: verifyAgainst(proofs, snapshot) };
}

function OutcomeView({ outcome }: { outcome: Outcome }) {
  const { t } = useLingui();
  const { snapshot, proofs, results, savedAt } = outcome;
  const saved = savedAt === undefined ? '' : formatDateTime(savedAt, activeBcp47());
  return (
    <section className={`${styles.card} ${styles.section}`} data-testid="proof-outcome">
      <h3>{t`Snapshot ${snapshot.id}`}</h3>
      {savedAt !== undefined && (
        <p className={styles.demo} role="status" data-testid="proof-saved-root">
          {t`Offline: checked against the root this device saved on ${saved}`}
        </p>
      )}
      <dl className={styles.facts}>
        <dt>{t`Published root`}</dt>
        <dd className={styles.hash}>{snapshot.root_hash}</dd>
        {totalsOf(proofs).map(({ currency, amount }) => (
          <Fragment key={currency}>
            <dt>{t`Your ${currency} in this proof`}</dt>
            <dd data-testid={`proof-total-${currency}`}>{amount}</dd>
          </Fragment>
        ))}
      </dl>
      {results.map((r) => (
        <div key={r.proof.leaf.index}>
          <h3>{t`Leaf ${r.proof.leaf.index}`}</h3>
          <CheckList result={r} />
        </div>
      ))}
    </section>
  );
}

/** `proof/verify`: checks a proof file, or the signed-in user's own proof, in the browser. */
export function VerifyPage({ id, onLogin }: { id?: number | undefined; onLogin: () => void }) {
  const { t } = useLingui();
  const signedIn = useAtomValue(isLoggedInAtom);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const mine = useSubmit(
    async () => {
      setProblem(null);
      const snapshotId = id ?? (await fetchSnapshots(1)).data[0]?.id;
      if (snapshotId === undefined) return setProblem(t`No snapshot published yet`);
      const { proofs } = await fetchMyProofs(snapshotId);
      saveProofFile(proofs as InclusionProof[], snapshotId);
      setOutcome(await check(proofs as InclusionProof[]));
    },
    { name: 'proof download' },
  );

  const fromFile = useSubmit(
    async (file: File) => {
      setProblem(null);
      setOutcome(null);
      const proofs = readProofFile(await file.text());
      if (!proofs) return setProblem(t`This is not a proof file.`);
      if (new Set(proofs.map((p) => p.snapshot_id)).size > 1)
        return setProblem(t`The proofs in this file are of different snapshots.`);
      setOutcome(await check(proofs));
    },
    { name: 'proof file' },
  );

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) void fromFile.submit(file);
    e.target.value = '';
  };

  return (
    <div className={styles.page}>
      <NavBar title={t`Verify a proof`} />
      <p className={styles.intro}>
        <Trans>
          Your proof is checked here, in your browser: the leaf hash, each level's hash and sums, that no amount is
          negative or out of range, and the root against the one the exchange published.
        </Trans>
      </p>
      <section className={`${styles.card} ${styles.section}`}>
        <h2>{t`My proof`}</h2>
        {signedIn ? (
          <Button color="primary" loading={mine.busy} onClick={() => void mine.submit()} data-testid="proof-download">
            <Trans>Download and verify my proof</Trans>
          </Button>
        ) : (
          <button type="button" className={styles.link} onClick={onLogin}>
            <Trans>Log in to download your proof</Trans>
          </button>
        )}
      </section>
      <section className={`${styles.card} ${styles.section}`}>
        <h2>{t`Check a proof file`}</h2>
        <input
          id="proof-file"
          className={styles.fileInput}
          type="file"
          accept="application/json,.json"
          onChange={onFile}
          data-testid="proof-file"
        />
        <label className={styles.fileButton} htmlFor="proof-file">
          <Trans>Choose a file</Trans>
        </label>
      </section>
      {problem && (
        <p className={`${styles.intro} ${styles.fail}`} role="alert" data-testid="proof-problem">
          {problem}
        </p>
      )}
      {outcome && <OutcomeView outcome={outcome} />}
    </div>
  );
}
