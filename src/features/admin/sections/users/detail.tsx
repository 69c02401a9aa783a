import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '@/lib/toast';
import { AdminButton, Panel, useStaff } from '../../components';
import styles from '../../reviews/reviews.module.css';
import { UserAudit } from './audit';
import { BalancesAndSessions, UserFacts } from './facts';
import { ModerationBar } from './moderation-bar';
import { UserProtections } from './protections';
import type { Detail } from './types';
import { useModeration } from './use-moderation';
import { useUserDetail } from './use-user-detail';

/** One user's account beside the list: loading, a retry after a failure, or the account. */
export function UserDetail({ id, onChanged }: { id: number; onChanged: () => void }) {
  const { detail, attempt, reload } = useUserDetail(id);

  if (!detail || detail.for !== attempt) {
    return (
      <Panel>
        <p className={styles.hint} role="status">
          <Trans>Loading…</Trans>
        </p>
      </Panel>
    );
  }
  if (!detail.data) {
    return (
      <Panel>
        <p className={styles.hint}>
          <Trans>The user could not be loaded.</Trans>
        </p>
        <AdminButton onClick={reload}>
          <Trans>Retry</Trans>
        </AdminButton>
      </Panel>
    );
  }
  const done = (message: string) => {
    toast(message);
    reload();
    onChanged();
  };
  return <UserAccount data={detail.data} attempt={attempt} done={done} />;
}

/** The loaded account: facts, an admin's controls (never on their own account), balances, sessions, audit. */
function UserAccount({ data, attempt, done }: { data: Detail; attempt: number; done: (message: string) => void }) {
  const { t } = useLingui();
  const staff = useStaff();
  const { user, balances, sessions, identity } = data;
  const moderation = useModeration(user, done);
  const isAdmin = staff.role === 'admin';
  const self = staff.id === user.id;

  return (
    <Panel title={user.account_number} label={t`User ${user.account_number}`}>
      <UserFacts user={user} identity={identity} />
      {isAdmin && !self && <ModerationBar current={user.role} frozen={!!user.frozen_at} moderation={moderation} />}
      <h3 className={styles.subTitle}>
        <Trans>Protections</Trans>
      </h3>
      <UserProtections user={{ id: user.id, account: user.account_number }} done={done} />
      <BalancesAndSessions balances={balances} sessions={sessions} />
      <h3 className={styles.subTitle}>
        <Trans>Recent back-office actions</Trans>
      </h3>
      <UserAudit id={user.id} reload={attempt} />
      {moderation.dialog}
    </Panel>
  );
}
