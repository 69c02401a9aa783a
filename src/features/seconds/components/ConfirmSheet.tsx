import { Button, Popup } from 'antd-mobile';
import { formatRate } from '@/lib/format/number';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPrice } from '@/lib/format';
import { DIRECTION_LABELS } from '../model/labels';
import type { Direction } from '../model/orders';
import { payoutOf } from '../model/payout';
import styles from './seconds.module.css';

export interface PendingContract {
  direction: Direction;
  seconds: number;
  stake: string;
  ratio: string;
  currency: string;
}

interface ConfirmSheetProps {
  pending: PendingContract | null;
  symbol: string;
  last: string | undefined;
  decimals: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Everything about the contract before it is sent: direction, duration, stake, ratio and payout. */
export function ConfirmSheet({ pending, symbol, last, decimals, busy, onConfirm, onClose }: ConfirmSheetProps) {
  const { t, i18n } = useLingui();
  const outcome = pending ? payoutOf(pending.stake, pending.ratio) : null;
  const color = pending?.direction === 'down' ? 'var(--app-down)' : 'var(--app-up)';
  return (
    <Popup
      visible={pending !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      {pending && (
        <div className={styles.sheet} role="dialog" aria-label={t`Confirm contract`}>
          <h2>
            <Trans>Confirm contract</Trans>
          </h2>
          <dl className={styles.facts}>
            <dt>
              <Trans>Pair</Trans>
            </dt>
            <dd>{symbol}</dd>
            <dt>
              <Trans>Direction</Trans>
            </dt>
            <dd style={{ color }} data-testid="confirm-direction">
              {i18n._(DIRECTION_LABELS[pending.direction])}
            </dd>
            <dt>
              <Trans>Duration</Trans>
            </dt>
            <dd>{t`${pending.seconds} s`}</dd>
            <dt>
              <Trans>Stake</Trans>
            </dt>
            <dd data-testid="confirm-stake">
              {pending.stake} {pending.currency}
            </dd>
            <dt>
              <Trans>Profit ratio</Trans>
            </dt>
            <dd>{formatRate(pending.ratio)}</dd>
            <dt>
              <Trans>Payout if right</Trans>
            </dt>
            <dd data-testid="confirm-payout">
              {outcome ? `${outcome.payout} ${pending.currency}` : '--'}
              {outcome && (
                <small>
                  <Trans>
                    profit +{outcome.profit} {pending.currency}
                  </Trans>
                </small>
              )}
            </dd>
            <dt>
              <Trans>Last price</Trans>
            </dt>
            <dd>{last ? formatPrice(last, decimals) : '--'}</dd>
          </dl>
          <p className={styles.note}>
            <Trans>
              The entry price is the feed's last trade at acceptance, not the price shown here. Same price at expiry:
              stake refunded. Wrong direction: the stake is lost.
            </Trans>
          </p>
          <div className={styles.buttons}>
            <Button onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="primary" loading={busy} disabled={busy} onClick={onConfirm} data-testid="confirm-contract">
              <Trans>Confirm</Trans>
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
