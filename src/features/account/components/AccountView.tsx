import { useState } from 'react';
import { Button, DotLoading, ErrorBlock, Tag } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { User } from '@contract/auth';
import { useUser } from '@/lib/user';
import { useConfirmLogout } from '../hooks/useConfirmLogout';
import { accountLabel, initials } from '../model/account';
import { AccountFacts } from './AccountFacts';
import { AvatarPicker } from './AvatarPicker';
import { ProfileTextSheet } from './ProfileTextSheet';
import styles from './account.module.css';

export interface AccountViewProps {
  onLoggedOut: () => void;
}

export function AccountView({ onLoggedOut }: AccountViewProps) {
  const { t } = useLingui();
  const { user, loading, failed, retry } = useUser();
  const { leaving, confirmLogout } = useConfirmLogout(onLoggedOut);
  const [editing, setEditing] = useState<'nickname' | 'signature' | null>(null);

  if (!user && failed) {
    return (
      <ErrorBlock
        status="disconnected"
        title={t`Could not load your profile`}
        description={t`Check your connection and try again.`}
      >
        <Button onClick={retry}>
          <Trans>Try again</Trans>
        </Button>
      </ErrorBlock>
    );
  }
  if (!user) {
    return (
      <div className={styles.loading}>
        <DotLoading color="primary" />
      </div>
    );
  }

  const realState: Record<User['real_state'], string> = {
    none: t`Not verified`,
    review: t`Under review`,
    certified: t`Verified`,
    failed: t`Verification failed`,
  };

  return (
    <div className={styles.page}>
      <section className={styles.header} aria-busy={loading}>
        <AvatarPicker fallback={initials(user)} />
        <div className={styles.identity}>
          <div className={styles.nickname} data-testid="profile-nickname">
            {user.nickname || accountLabel(user)}
          </div>
          <div className={styles.account}>{accountLabel(user)}</div>
          <Tag color={user.real_state === 'certified' ? 'success' : 'default'} fill="outline" className={styles.tag}>
            {realState[user.real_state]}
          </Tag>
        </div>
      </section>
      <AccountFacts user={user} stateLabel={realState[user.real_state]} onEdit={setEditing} />
      {editing && <ProfileTextSheet field={editing} user={user} onClose={() => setEditing(null)} />}
      <div className={styles.actions}>
        <Button block size="large" color="danger" fill="outline" loading={leaving} onClick={() => void confirmLogout()}>
          <Trans>Log out</Trans>
        </Button>
      </div>
    </div>
  );
}
