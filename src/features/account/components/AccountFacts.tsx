import { Button, List, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { User } from '@contract/auth';
import { BCP47 } from '@contract/domain/locales';
import { copyText } from '@/lib/clipboard';
import { languageAtom } from '@/lib/state';
import { formatJoined } from '../model/account';
import styles from './account.module.css';

interface AccountFactsProps {
  user: User;
  /** The identity verification state, worded. */
  stateLabel: string;
  onEdit: (field: 'nickname' | 'signature') => void;
}

/** Nickname and signature (each opens its editor), credit score, UID, invitation code, level, identity, joined. */
export function AccountFacts({ user, stateLabel, onEdit }: AccountFactsProps) {
  const { t } = useLingui();
  const locale = useAtomValue(languageAtom);
  const level = user.level > 0 ? t`Level ${user.level}` : t`No level yet`;

  const copyInvite = async () => {
    const ok = await copyText(user.extension_code);
    Toast.show(
      ok
        ? { icon: 'success', content: t`Copied` }
        : { icon: 'fail', content: t`Copying is not available on this device.` },
    );
  };

  return (
    <List className={styles.list}>
      <List.Item extra={<span className={styles.value}>{user.nickname}</span>} onClick={() => onEdit('nickname')}>
        <Trans>Nickname</Trans>
      </List.Item>
      <List.Item
        extra={<span className={styles.value}>{user.signature || t`Not set`}</span>}
        onClick={() => onEdit('signature')}
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
      <List.Item extra={stateLabel}>
        <Trans>Identity verification</Trans>
      </List.Item>
      <List.Item extra={formatJoined(user.created_at, BCP47[locale])}>
        <Trans>Member since</Trans>
      </List.Item>
    </List>
  );
}
