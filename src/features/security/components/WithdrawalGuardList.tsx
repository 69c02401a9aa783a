import { Dialog, List, Switch, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import { useSubmit } from '@/lib/submit';
import { setWhitelist } from '../api/security';
import type { ProtectionProps } from './AuthenticatorList';
import styles from './security.module.css';

const when = (iso: string) => formatDateTime(Date.parse(iso), activeBcp47());

/**
 * The withdrawal whitelist (on at once; off a day after it is asked, with a confirmation) and
 * the pause after a credential change, each with its end time.
 */
export function WithdrawalGuardList({ state, reload, confirm, readOnly = false }: ProtectionProps) {
  const { t } = useLingui();
  const guard = state?.withdrawals;

  const toggle = useSubmit(
    async (on: boolean) => {
      if (on) {
        await setWhitelist(true);
        Toast.show({ icon: 'success', content: t`Whitelist on` });
      } else {
        const sure = await Dialog.confirm({
          content: t`Switching the whitelist off takes effect after 24 hours, so that a thief who got in cannot do it at once.`,
          confirmText: t`Switch off`,
          cancelText: t`Cancel`,
        });
        if (!sure) return;
        const token = await confirm('whitelist_off', {});
        if (!token) return;
        await setWhitelist(false, token);
      }
      await reload();
    },
    { name: 'withdrawal whitelist' },
  );

  return (
    <List header={t`Withdrawal protection`} className={styles.list}>
      <List.Item
        data-testid="whitelist-item"
        extra={
          <Switch
            aria-label={t`Withdrawal whitelist`}
            checked={guard !== undefined && guard.whitelist !== 'off'}
            disabled={!guard || readOnly}
            loading={toggle.busy}
            // While it is switching off, switching on again cancels that.
            onChange={(on) => void toggle.submit(on || guard?.whitelist === 'turning_off')}
          />
        }
        description={
          guard?.whitelist === 'turning_off' && guard.whitelist_off_at ? (
            <span data-testid="whitelist-turning-off">
              <Trans>Switches off on {when(guard.whitelist_off_at)}. Switch on again to cancel.</Trans>
            </span>
          ) : guard?.whitelist === 'on' ? (
            <Trans>On: withdrawals go only to addresses and cards saved at least 24 hours ago.</Trans>
          ) : (
            <Trans>Withdraw only to addresses and cards saved at least 24 hours ago.</Trans>
          )
        }
      >
        <Trans>Withdrawal whitelist</Trans>
      </List.Item>
      {guard?.paused_until && (
        <List.Item
          data-testid="withdrawals-paused"
          description={
            <Trans>
              Your password, email, phone or second factor changed, so withdrawals wait 24 hours. If it was not you,
              contact support.
            </Trans>
          }
        >
          <span className={styles.paused}>
            <Trans>Withdrawals paused until {when(guard.paused_until)}</Trans>
          </span>
        </List.Item>
      )}
    </List>
  );
}
