import { useState } from 'react';
import { Button, Popup, Switch } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { SIDE_LABELS, TYPE_LABELS } from '../model/labels';
import type { CheckedOrder, Estimate } from '../model/form';
import confirmStyles from '@/components/ConfirmSheet/confirm.module.css';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './trade.module.css';

interface ConfirmSheetProps {
  order: CheckedOrder | null;
  symbol: string;
  base: string;
  quote: string;
  estimate: Estimate | null;
  onConfirm: (dontAskAgain: boolean) => void;
  onClose: () => void;
}

/** What is about to be placed, once more, before it is sent; "don't ask again" skips it next time. */
export function ConfirmSheet({ order, symbol, base, quote, estimate, onConfirm, onClose }: ConfirmSheetProps) {
  const { t, i18n } = useLingui();
  const [skip, setSkip] = useState(false);
  const color = order?.side === 'buy' ? 'var(--app-up)' : 'var(--app-down)';
  return (
    <Popup
      visible={order !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      {order && (
        <div className={`${styles.confirm} ${fieldStyles.confirm}`} role="dialog" aria-label={t`Confirm order`}>
          <h2>
            <Trans>Confirm order</Trans>
          </h2>
          <dl className={confirmStyles.confirmList}>
            <dt>
              <Trans>Pair</Trans>
            </dt>
            <dd>{symbol}</dd>
            <dt>
              <Trans>Side</Trans>
            </dt>
            <dd style={{ color }}>
              {i18n._(SIDE_LABELS[order.side])} · {i18n._(TYPE_LABELS[order.type])}
            </dd>
            <dt>
              <Trans>Price</Trans>
            </dt>
            <dd>{order.target_price ? `${order.target_price} ${quote}` : t`Best market price`}</dd>
            <dt>{order.side === 'buy' && order.type === 'market' ? <Trans>Spend</Trans> : <Trans>Amount</Trans>}</dt>
            <dd>
              {order.amount} {order.side === 'buy' && order.type === 'market' ? quote : base}
            </dd>
            {estimate && (
              <>
                <dt>{estimate.approximate ? <Trans>Estimated total</Trans> : <Trans>Total</Trans>}</dt>
                <dd>
                  {estimate.approximate ? '≈ ' : ''}
                  {estimate.value} {estimate.unit === 'quote' ? quote : base}
                </dd>
              </>
            )}
          </dl>
          <label className={styles.switchRow}>
            <span>
              <Trans>Don't ask again</Trans>
            </span>
            <Switch checked={skip} onChange={setSkip} aria-label={t`Don't ask again`} />
          </label>
          <div className={confirmStyles.buttons}>
            <Button onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="primary" onClick={() => onConfirm(skip)}>
              <Trans>Confirm</Trans>
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
