import { Trans, useLingui } from '@lingui/react/macro';
import type { FactorReset } from '@contract/security-console';
import { AdminButton, Tag, useStaff } from '../../components';
import { when } from '../../reviews/format';
import styles from '../../reviews/reviews.module.css';
import type { useResetActions } from './use-reset-actions';

/** A reset proposal: what, why, by whom, its state; an admin's approve (not the proposer's) and reject. */
export function ResetRow({ reset, actions }: { reset: FactorReset; actions: ReturnType<typeof useResetActions> }) {
  const { t } = useLingui();
  const staff = useStaff();
  const what = [reset.remove_totp ? t`authenticator app` : '', reset.remove_passkeys ? t`passkeys` : '']
    .filter(Boolean)
    .join(', ');
  const state = {
    pending: <Tag>{t`Waiting for a second administrator`}</Tag>,
    applied: <Tag tone="bad">{t`Applied`}</Tag>,
    rejected: <Tag>{t`Rejected`}</Tag>,
    expired: <Tag>{t`Expired`}</Tag>,
  }[reset.state];
  const mine = reset.proposed_by === staff.id;
  return (
    <div className={styles.entry}>
      <span>
        #{reset.id} · {what} · {state}
      </span>
      <span>{t`Proposed by ${reset.proposed_by_account} on ${when(reset.created_at)}: ${reset.reason}`}</span>
      {reset.state === 'pending' && <span>{t`Expires ${when(reset.expires_at)}`}</span>}
      {reset.decision_reason && <span>{reset.decision_reason}</span>}
      {reset.state === 'pending' && staff.role === 'admin' && (
        <div className={styles.actions}>
          {mine ? (
            <span className={styles.hint}>
              <Trans>You proposed it: another administrator approves.</Trans>
            </span>
          ) : (
            <AdminButton kind="danger" onClick={() => void actions.approve(reset)}>
              <Trans>Approve</Trans>
            </AdminButton>
          )}
          <AdminButton onClick={() => void actions.reject(reset)}>
            {mine ? <Trans>Withdraw</Trans> : <Trans>Reject</Trans>}
          </AdminButton>
        </div>
      )}
    </div>
  );
}
