import { Button, Popup } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MicroOrder } from '@contract/seconds';
import { formatMoney } from '@/lib/format';
import { DIRECTION_LABELS, RESULT_LABELS } from '../model/labels';
import { directionOf } from '../model/orders';
import { OrderFacts } from './OrderFacts';
import styles from './seconds.module.css';

interface ResultSheetProps {
  order: MicroOrder | null;
  decimals: number;
  onClose: () => void;
  onHistory?: () => void;
}

/** A settled contract: won, tie or lost, with both prices, their feed times and source. */
export function ResultSheet({ order, decimals, onClose, onHistory }: ResultSheetProps) {
  const { t, i18n } = useLingui();
  const color =
    order?.result === 'win' ? 'var(--app-up)' : order?.result === 'loss' ? 'var(--app-down)' : 'var(--app-text)';
  return (
    <Popup
      visible={order !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      {order && (
        <div className={styles.sheet} role="dialog" aria-label={t`Contract result`} data-testid="result-sheet">
          <h2>
            {order.status === 'settled' ? <Trans>Contract settled</Trans> : <Trans>Contract</Trans>} · {order.symbol}{' '}
            {i18n._(DIRECTION_LABELS[directionOf(order)])} {t`${order.seconds} s`}
          </h2>
          {order.result && (
            <p className={styles.bigResult} style={{ color }} data-testid="result">
              {i18n._(RESULT_LABELS[order.result])}
              {(order.result === 'win' || order.result === 'loss') && order.profit !== null && (
                <>
                  {' '}
                  {order.result === 'win' ? '+' : ''}
                  {formatMoney(order.profit, order.currency_name)} {order.currency_name}
                </>
              )}
            </p>
          )}
          <OrderFacts order={order} decimals={decimals} />
          <p className={styles.note}>
            <Trans>
              Entry price: the feed's last trade when the contract was accepted. Settlement price: the feed's last trade
              at or before expiry. The result follows from these two prices alone.
            </Trans>
          </p>
          <div className={styles.buttons}>
            {onHistory && (
              <Button onClick={onHistory}>
                <Trans>History</Trans>
              </Button>
            )}
            <Button color="primary" onClick={onClose}>
              <Trans>OK</Trans>
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
