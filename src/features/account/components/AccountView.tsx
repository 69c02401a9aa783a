import { useState } from 'react';
import { Button, Dialog, DotLoading, ErrorBlock, List, Tag, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { User } from '@contract/auth';
import { nickname as nicknameRule, signature as signatureRule, SIGNATURE_MAX } from '@contract/profile';
import { BCP47 } from '@contract/domain/locales';
import { languageAtom } from '@/lib/state';
import { refreshUser, useUser } from '@/lib/user';
import { saveProfile } from '../api/profile';
import { useLogout } from '../hooks/useLogout';
import { accountLabel, formatJoined, initials } from '../model/account';
import { copyText } from '@/lib/clipboard';
import { AvatarPicker } from './AvatarPicker';
import { EditTextSheet } from './EditTextSheet';
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
      <List className={styles.list}>
        <List.Item extra={<span className={styles.value}>{user.nickname}</span>} onClick={() => setEditing('nickname')}>
          <Trans>Nickname</Trans>
        </List.Item>
        <List.Item
          extra={<span className={styles.value}>{user.signature || t`Not set`}</span>}
          onClick={() => setEditing('signature')}
        >
          <Trans>Signature</Trans>
        </List.Item>
        <List.Item
          extra={<span data-testid="credit-score">{user.score}</span>}
          description={t`Every account starts at 100.`}
        >
          <Trans>Credit score</Trans>
        </List.Item>
        <List.Item extra={<span className={styles.value}>{user.account_number}</span>}>
          <Trans>UID</Trans>
        </List.Item>
        <List.Item
          extra={
            <span className={styles.copyRow}>
              <span className={styles.value}>{user.extension_code}</span>
              <Button
                size="mini"
                fill="outline"
                color="primary"
                className={styles.copy}
                onClick={() => void copyInvite()}
              >
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
      {editing && (
        <EditTextSheet
          title={editing === 'nickname' ? t`Nickname` : t`Signature`}
          schema={editing === 'nickname' ? nicknameRule() : signatureRule()}
          initial={editing === 'nickname' ? user.nickname : user.signature}
          maxLength={editing === 'nickname' ? 10 : SIGNATURE_MAX}
          hint={
            editing === 'nickname'
              ? t`2 to 10 Chinese characters, English letters or digits.`
              : t`2 to 30 characters, no special characters.`
          }
          onSave={async (value) => {
            await saveProfile({ [editing]: value });
            await refreshUser();
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <div className={styles.actions}>
        <Button block size="large" color="danger" fill="outline" loading={leaving} onClick={() => void confirmLogout()}>
          <Trans>Log out</Trans>
        </Button>
      </div>
    </div>
  );
}
