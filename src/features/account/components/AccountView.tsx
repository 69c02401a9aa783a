import { useState } from 'react';
import { Button, Dialog, DotLoading, ErrorBlock, List, Tag, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { User } from '@contract/auth';
import { BCP47 } from '@contract/domain/locales';
import { languageAtom } from '@/lib/state';
import { useUser } from '@/lib/user';
import { useLogout } from '../hooks/useLogout';
import { accountLabel, formatJoined, initials } from '../model/account';
import { copyText } from '@/lib/clipboard';
import styles from './account.module.css';

export interface AccountViewProps {
  onLoggedOut: () => void;
}

export function AccountView({ onLoggedOut }: AccountViewProps) {
  const { t } = useLingui();
  const locale = useAtomValue(languageAtom);
  const { user, loading, failed, retry } = useUser();
  const logout = useLogout();
  const [leaving, setLeaving] = useState(false);

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
  const level = user.level > 0 ? t`Level ${user.level}` : t`No level yet`;

  const copyInvite = async () => {
    const ok = await copyText(user.extension_code);
    Toast.show(
      ok
        ? { icon: 'success', content: t`Copied` }
        : { icon: 'fail', content: t`Copying is not available on this device.` },
    );
  };

  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({
      content: t`Do you want to log out of this device?`,
      confirmText: t`Log out`,
      cancelText: t`Cancel`,
    });
    if (!confirmed) return;
    setLeaving(true);
    await logout();
    setLeaving(false);
    onLoggedOut();
  };

  return (
    <div className={styles.page}>
      <section className={styles.header} aria-busy={loading}>
        <div className={styles.avatar} aria-hidden>
          {user.head_portrait ? <img src={user.head_portrait} alt="" /> : initials(user)}
        </div>
        <div className={styles.identity}>
          <div className={styles.nickname}>{user.nickname || accountLabel(user)}</div>
          <div className={styles.account}>{accountLabel(user)}</div>
          <Tag color={user.real_state === 'certified' ? 'success' : 'default'} fill="outline" className={styles.tag}>
            {realState[user.real_state]}
          </Tag>
        </div>
      </section>
      <List className={styles.list}>
        <List.Item extra={<span className={styles.value}>{user.account_number}</span>}>
          <Trans>UID</Trans>
        </List.Item>
        <List.Item
          extra={
            <span className={styles.copyRow}>
              <span className={styles.value}>{user.extension_code}</span>
              <Button size="mini" fill="outline" color="primary" onClick={() => void copyInvite()}>
                <Trans>Copy</Trans>
              </Button>
            </span>
          }
        >
          <Trans>Invitation code</Trans>
        </List.Item>
        <List.Item extra={level}>
          <Trans>Identity level</Trans>
        </List.Item>
        <List.Item extra={realState[user.real_state]}>
          <Trans>Identity verification</Trans>
        </List.Item>
        <List.Item extra={formatJoined(user.created_at, BCP47[locale])}>
          <Trans>Member since</Trans>
        </List.Item>
      </List>
      <div className={styles.actions}>
        <Button block size="large" color="danger" fill="outline" loading={leaving} onClick={() => void confirmLogout()}>
          <Trans>Log out</Trans>
        </Button>
      </div>
    </div>
  );
}
