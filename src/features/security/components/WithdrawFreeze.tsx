import { Button, List, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import { pages, type GoTo } from '@/lib/nav';
import { useSubmit } from '@/lib/submit';
import { unfreezeWithdrawals } from '../api/devices';
import type { ProtectionProps } from './AuthenticatorList';
import styles from './devices.module.css';

/**
 * The withdrawal freeze a "this wasn't me" link set: since when, and how to lift it (a new login
 * password first, then a confirmation). Shown only while frozen.
 */
export function WithdrawFreeze({
  state,
  reload,
  confirm,
  readOnly = false,
  onNavigate,
}: ProtectionProps & { onNavigate: (to: GoTo) => void }) {
  const { t } = useLingui();
  const freeze = state?.withdraw_freeze;
  const lift = useSubmit(
    async () => {
      const token = await confirm('withdraw_unfreeze', {});
      if (!token) return;
      await unfreezeWithdrawals(token);
      Toast.show({ icon: 'success', content: t`Withdrawals are no longer frozen` });
      await reload();
    },
    { name: 'lift withdrawal freeze' },
  );
  if (!freeze?.frozen_at) return null;
  const since = formatDateTime(Date.parse(freeze.frozen_at), activeBcp47());

  return (
    <List header={t`Withdrawals frozen`} className={styles.list} data-testid="withdraw-frozen">
      <List.Item
        description={<Trans>A sign-in was reported as not yours, so withdrawals stay frozen until you lift it.</Trans>}
      >
        <span className={styles.frozen}>
          <Trans>Frozen since {since}</Trans>
        </span>
      </List.Item>
      <List.Item
        onClick={freeze.password_changed ? undefined : () => onNavigate(pages.setting.password)}
        arrowIcon={!freeze.password_changed}
        extra={freeze.password_changed ? <span className={styles.done}>✓</span> : undefined}
      >
        <Trans>1. Change your login password</Trans>
      </List.Item>
      <List.Item>
        <Button
          block
          color="primary"
          size="small"
          data-testid="unfreeze"
          disabled={!freeze.password_changed || lift.busy || readOnly}
          loading={lift.busy}
          onClick={() => void lift.submit()}
        >
          <Trans>2. Lift the freeze</Trans>
        </Button>
      </List.Item>
    </List>
  );
}
