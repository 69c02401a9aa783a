import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import * as admin from '@contract/admin';
import type { ResponseOf } from '@contract/define';
import * as wallet from '@contract/wallet';
import { call } from '@/lib/http';
import { apiErrorsShown } from '@/lib/submit';
import { AdminButton, Fields, Panel, SectionPage, Tag } from '../components';
import { when } from '../reviews/format';
import styles from '../reviews/reviews.module.css';
import toolkit from '../components/toolkit.module.css';
import type { SectionMeta } from '../section';

export const meta: SectionMeta = {
  key: 'ledger',
  title: msg`Ledger health`,
  group: 'finance',
  roles: ['admin'],
  order: 1,
};

type Health = ResponseOf<typeof wallet.ledgerHealth>;
type Balances = ResponseOf<typeof admin.systemBalances>;

/** The ledger's invariant check and the balances of the system accounts, read on demand. */
export default function Ledger() {
  const { t } = useLingui();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ for: number; health: Health | null; balances: Balances | null } | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([call(wallet.ledgerHealth), call(admin.systemBalances)]).then(
      ([health, balances]) => live && setState({ for: attempt, health, balances }),
      (error: unknown) => {
        apiErrorsShown('ledger health')(error);
        if (live) setState({ for: attempt, health: null, balances: null });
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const loading = !state || state.for !== attempt;
  const recheck = (
    <AdminButton kind="primary" onClick={() => setAttempt((n) => n + 1)} disabled={loading}>
      {loading ? <Trans>Checking…</Trans> : <Trans>Check again</Trans>}
    </AdminButton>
  );
  return (
    <SectionPage title={<Trans>Ledger health</Trans>} actions={recheck}>
      {loading && !state ? (
        <p className={styles.hint} role="status">
          <Trans>Checking the ledger…</Trans>
        </p>
      ) : !state?.health || !state.balances ? (
        <p className={styles.hint}>
          <Trans>The check could not be run.</Trans>
        </p>
      ) : (
        <>
          <Panel title={<Trans>Invariants</Trans>}>
            <Fields
              items={[
                [
                  t`Result`,
                  state.health.ok ? (
                    <Tag key="ok" tone="good">
                      {t`All invariants hold`}
                    </Tag>
                  ) : (
                    <Tag key="bad" tone="bad">
                      {t`Problems found`}
                    </Tag>
                  ),
                ],
                [t`Accounts`, state.health.accounts],
                [t`Transactions`, state.health.transactions],
                [t`Entries`, state.health.entries],
                [t`Checked`, when(state.health.checked_at)],
              ]}
            />
            {state.health.problems.length > 0 && (
              <ul>
                {state.health.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title={<Trans>System accounts</Trans>}>
            {state.balances.length === 0 ? (
              <p className={styles.hint}>
                <Trans>No system account has been used yet.</Trans>
              </p>
            ) : (
              <div className={toolkit.tableWrap}>
                <table className={toolkit.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t`Account`}</th>
                      <th scope="col">{t`Currency`}</th>
                      <th scope="col">{t`Available`}</th>
                      <th scope="col">{t`Held`}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {state.balances.map((b) => (
                      <tr key={`${b.account}:${b.currency_id}`}>
                        <td>{b.account}</td>
                        <td>{b.currency}</td>
                        <td>{b.available}</td>
                        <td>{b.held}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Panel>
        </>
      )}
    </SectionPage>
  );
}
