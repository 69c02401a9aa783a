import { Button } from 'antd-mobile';
import { ListStates } from './components/ListStates';
import { Trans, useLingui } from '@lingui/react/macro';
import { unitsToDecimal } from '@contract/domain/merkle-sum';
import type { Reserves, Snapshot } from '@contract/proof';
import { OfflineAsOf } from '@/components/ListEnd';
import { NavBar } from '@/components/NavBar';
import { useCachedReply } from '@/lib/holdings/cached';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import { pages, type GoTo } from '@/lib/nav';
import { fetchLatestSnapshots, SNAPSHOTS_KEY } from './api/proof';
import styles from './components/proof.module.css';

function ReservesLine({ reserves }: { reserves: Reserves }) {
  const { t } = useLingui();
  if (reserves.status === 'not_attested') return <dd>{t`Not attested`}</dd>;
  const amounts = Object.entries(reserves.amounts ?? {})
    .map(([currency, amount]) => `${amount} ${currency}`)
    .join(', ');
  if (reserves.status === 'demo')
    return <dd className={styles.demo}>{t`Demo: the house's ledger holdings (simulated): ${amounts}`}</dd>;
  return <dd>{t`Attested by ${reserves.source ?? ''}: ${amounts}`}</dd>;
}

function SnapshotCard({ snapshot: s, onVerify }: { snapshot: Snapshot; onVerify: () => void }) {
  const { t } = useLingui();
  const when = formatDateTime(s.taken_at, activeBcp47());
  return (
    <li className={styles.card} data-testid={`snapshot-${s.id}`}>
      <h2>{t`Snapshot ${s.id}`}</h2>
      <dl className={styles.facts}>
        <dt>{t`Taken`}</dt>
        <dd>{s.trigger === 'daily' ? t`${when}, daily` : t`${when}, on request`}</dd>
        <dt>{t`Root hash`}</dt>
        <dd className={styles.hash} data-testid="snapshot-root">
          {s.root_hash}
        </dd>
        <dt>{t`Users`}</dt>
        <dd>{s.user_count}</dd>
        <dt>{t`Leaves`}</dt>
        <dd>{s.leaf_count}</dd>
        {s.currencies.map((c, i) => (
          <SnapshotTotal key={c} currency={c} amount={unitsToDecimal(s.totals[i] ?? '0', s.scale)} />
        ))}
        <dt>{t`Reserves`}</dt>
        <ReservesLine reserves={s.reserves} />
      </dl>
      <Button size="small" color="primary" onClick={onVerify} data-testid="snapshot-verify">
        <Trans>Verify my balance</Trans>
      </Button>
    </li>
  );
}

function SnapshotTotal({ currency, amount }: { currency: string; amount: string }) {
  const { t } = useLingui();
  return (
    <>
      <dt>{t`Owed to users in ${currency}`}</dt>
      <dd>{amount}</dd>
    </>
  );
}

/**
 * `proof/proof`: the published snapshots, readable without signing in, and offline from the copy
 * the device keeps (with its time), so a proof can be checked against a root seen earlier.
 */
export function SnapshotsPage({ onNavigate }: { onNavigate: (to: GoTo) => void }) {
  const { t } = useLingui();
  const { value: rows, savedAt, failed } = useCachedReply(SNAPSHOTS_KEY, fetchLatestSnapshots);
  return (
    <div className={styles.page}>
      <NavBar title={t`Proof of liabilities`} />
      <p className={styles.intro}>
        <Trans>
          Every snapshot adds up what the exchange owes each user into one Merkle-sum tree. Its root is published here;
          your proof shows your balances are in it, and every sum on the way up can be checked in your browser.
        </Trans>
      </p>
      <div className={`${styles.actions} ${styles.toolbar}`}>
        <Button size="small" onClick={() => onNavigate(pages.proof.verify)} data-testid="open-verifier">
          <Trans>Check a proof file</Trans>
        </Button>
      </div>
      <OfflineAsOf savedAt={savedAt} show={failed} />
      <ListStates
        value={rows}
        count={(r) => r.length}
        failed={failed}
        failedTitle={t`Snapshots could not be loaded`}
        emptyTitle={t`No snapshot published yet`}
      >
        {(rows) => (
          <ul className={styles.cards}>
            {rows.map((s) => (
              <SnapshotCard
                key={s.id}
                snapshot={s}
                onVerify={() => onNavigate({ to: pages.proof.verify, search: { id: s.id } })}
              />
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  );
}
