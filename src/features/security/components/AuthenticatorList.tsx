import { useCallback, useState } from 'react';
import { Dialog, List, Toast } from 'antd-mobile';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { SecurityOverview, StepUpAction } from '@contract/security';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import { useSubmit } from '@/lib/submit';
import { removeTotp } from '../api/security';
import { EnrolSheet } from './EnrolSheet';
import styles from './security.module.css';

export interface ProtectionProps {
  /** The overview, null while it loads. */
  state: SecurityOverview | null;
  reload: () => Promise<unknown>;
  /** The step-up sheet's confirmation of one action (`useStepUp`). */
  confirm: (action: StepUpAction, params: object) => Promise<string | null>;
  /** Offline: what was saved is shown, and nothing can be changed. */
  readOnly?: boolean;
}

/**
 * The authenticator app: its state (since when, recovery codes left), set up in a sheet, removed
 * after a confirmation with the app's own code (or a recovery code).
 */
export function AuthenticatorList({ state, reload, confirm, readOnly = false }: ProtectionProps) {
  const { t } = useLingui();
  const [enrolling, setEnrolling] = useState(false);

  const remove = useSubmit(
    async () => {
      const sure = await Dialog.confirm({
        content: t`Remove the authenticator app? Sensitive actions will then be confirmed with a code sent to you.`,
        confirmText: t`Remove`,
        cancelText: t`Cancel`,
      });
      if (!sure) return;
      const token = await confirm('remove_totp', {});
      if (!token) return;
      await removeTotp(token);
      Toast.show({ icon: 'success', content: t`The authenticator app is removed` });
      await reload();
    },
    { name: 'remove authenticator' },
  );

  const closeEnrol = useCallback(() => setEnrolling(false), []);
  const totp = state?.totp;
  const since = totp?.since ? formatDateTime(Date.parse(totp.since), activeBcp47()) : '';
  return (
    <>
      <List header={t`Two-step verification`} className={styles.list}>
        <List.Item
          data-testid="totp-item"
          disabled={readOnly}
          description={
            totp?.enabled ? (
              <span data-testid="totp-on">
                <Trans>On since {since}</Trans>
                {' · '}
                <Plural value={totp.recovery_codes_left} one="# recovery code left" other="# recovery codes left" />
              </span>
            ) : (
              <Trans>Confirm withdrawals and other sensitive actions with a code from an app on your phone.</Trans>
            )
          }
          extra={
            state === null ? null : totp?.enabled ? (
              <span className={styles.on}>{t`On`}</span>
            ) : (
              <span className={styles.off}>{t`Off`}</span>
            )
          }
          onClick={() => {
            if (state === null || remove.busy || readOnly) return;
            if (totp?.enabled) void remove.submit();
            else setEnrolling(true);
          }}
        >
          <Trans>Authenticator app</Trans>
        </List.Item>
      </List>
      <EnrolSheet open={enrolling} onClose={closeEnrol} onEnrolled={() => void reload()} />
    </>
  );
}
