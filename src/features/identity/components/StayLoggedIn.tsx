import { Dialog, List, Switch } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { userAtom } from '@/lib/state';
import { useSubmit } from '@/lib/submit';
import { refreshUser } from '@/lib/user';
import { saveStayLoggedIn } from '../api/security';
import styles from './identity.module.css';

/**
 * "Stay logged in" for the account. On: sessions last until logged out or a long time unused.
 * Off: the server ends a session soon after it stops being used, and the app signs out when it is
 * opened again after being closed. Offline (`disabled`) it shows the saved setting only.
 */
export function StayLoggedIn({ disabled = false }: { disabled?: boolean }) {
  const { t } = useLingui();
  const on = useAtomValue(userAtom)?.stay_logged_in !== false;
  const { submit, busy } = useSubmit(
    async (next: boolean) => {
      if (!next) {
        const sure = await Dialog.confirm({
          content: t`You will be logged out when you close the app or stop using it for a while, on every device.`,
          confirmText: t`Turn off`,
          cancelText: t`Cancel`,
        });
        if (!sure) return;
      }
      await saveStayLoggedIn(next);
      await refreshUser();
    },
    { name: 'stay logged in' },
  );
  return (
    <List className={styles.list}>
      <List.Item
        arrowIcon={false}
        extra={
          <Switch
            checked={on}
            loading={busy}
            disabled={disabled}
            onChange={(v) => submit(v)}
            aria-label={t`Stay logged in`}
          />
        }
        description={
          on
            ? t`This device stays logged in until you log out, or after a long time without use.`
            : t`You are logged out when you close the app, or after a short time without use.`
        }
      >
        <Trans>Stay logged in</Trans>
      </List.Item>
    </List>
  );
}
