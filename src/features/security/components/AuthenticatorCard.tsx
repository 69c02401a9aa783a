import { useCallback, useEffect, useState } from 'react';
import { Dialog, List, Toast } from 'antd-mobile';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { SecurityOverview } from '@contract/security';
import { useStepUp } from '@/components/StepUp';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import { apiErrorsShown, useSubmit } from '@/lib/submit';
import { fetchOverview, removeTotp } from '../api/security';
import { EnrolSheet } from './EnrolSheet';
import styles from './security.module.css';

/**
 * The authenticator app on the security page: its state (since when, recovery codes left), set up
 * in a sheet, removed after a confirmation with the app's own code (or a recovery code).
 */
export function AuthenticatorCard() {
  const { t } = useLingui();
  const [state, setState] = useState<SecurityOverview | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const stepUp = useStepUp();

  const reload = useCallback(() => fetchOverview().then(setState, apiErrorsShown('security')), []);
  useEffect(() => void reload(), [reload]);

  const remove = useSubmit(
    async () => {
      const sure = await Dialog.confirm({
        content: t`Remove the authenticator app? Sensitive actions will then be confirmed with a code sent to you.`,
        confirmText: t`Remove`,
        cancelText: t`Cancel`,
      });
      if (!sure) return;
      const token = await stepUp.confirm('remove_totp', {});
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
    <div className={styles.page}>
      <List header={t`Two-step verification`} className={styles.list}>
        <List.Item
          data-testid="totp-item"
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
            if (state === null || remove.busy) return;
            if (totp?.enabled) void remove.submit();
            else setEnrolling(true);
          }}
        >
          <Trans>Authenticator app</Trans>
        </List.Item>
      </List>
      <EnrolSheet open={enrolling} onClose={closeEnrol} onEnrolled={() => void reload()} />
      {stepUp.sheet}
    </div>
  );
}
