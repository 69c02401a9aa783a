import { Button, Popup } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Decimal } from 'decimal.js';
import { formatMoney, formatPrice, formatQuantity } from '@/lib/format';
import type { CheckedOpen } from '../model/form';
import type { OpenEstimate } from '../model/math';
import { feeOf } from '../model/math';
import { SIDE_LABELS } from '../model/labels';
import confirmStyles from '@/components/ConfirmSheet/confirm.module.css';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './futures.module.css';

export interface PendingOpen {
  order: CheckedOpen;
  estimate: OpenEstimate;
  /** The price the figures were computed at (limit price, or the last price for a market open). */
  price: string;
}

interface ConfirmSheetProps {
  pending: PendingOpen | null;
  symbol: string;
  base: string;
  settle: string;
  feeRate: string;
  overnightRate: string;
  priceDecimals: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Everything the open costs, once more, before it is sent: margin and fee now, fees later, liquidation. */
export function ConfirmSheet(props: ConfirmSheetProps) {
  const { pending, symbol, base, settle, priceDecimals } = props;
  const { t, i18n } = useLingui();
  const money = (v: Decimal | string) => `${formatMoney(v, settle)} ${settle}`;
  const price = (v: Decimal | string) => formatPrice(v, priceDecimals);
  const long = pending?.order.type === 1;
  return (
    <Popup
      visible={pending !== null}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
    >
      {pending && (
        <div className={`${styles.confirm} ${fieldStyles.confirm}`} role="dialog" aria-label={t`Confirm futures order`}>
          <h2>
            <Trans>Confirm futures order</Trans>
          </h2>
          <dl className={confirmStyles.confirmList}>
            <dt>
              <Trans>Pair</Trans>
            </dt>
            <dd>{symbol}</dd>
            <dt>
              <Trans>Direction</Trans>
            </dt>
            <dd style={{ color: long ? 'var(--app-up)' : 'var(--app-down)' }}>
              {i18n._(SIDE_LABELS[long ? 'long' : 'short'])} · {pending.order.multiple}x
            </dd>
            <dt>{pending.order.status === 0 ? <Trans>Limit price</Trans> : <Trans>Market price (now)</Trans>}</dt>
            <dd>
              {pending.order.status === 0 ? '' : '≈ '}
              {price(pending.price)}
            </dd>
            <dt>
              <Trans>Lots</Trans>
            </dt>
            <dd>
              {pending.order.share} (
              {formatQuantity(pending.estimate.quantity, pending.estimate.quantity.decimalPlaces())} {base})
            </dd>
            <dt>
              <Trans>Position value</Trans>
            </dt>
            <dd>{money(pending.estimate.notional)}</dd>
            <dt>
              <Trans>Margin</Trans>
            </dt>
            <dd data-testid="confirm-margin">{money(pending.estimate.margin)}</dd>
            <dt>
              <Trans>Opening fee</Trans>
            </dt>
            <dd data-testid="confirm-fee">{money(pending.estimate.fee)}</dd>
            <dt className={styles.confirmTotal}>
              <Trans>You pay now</Trans>
            </dt>
            <dd className={styles.confirmTotal} data-testid="confirm-total">
              {money(pending.estimate.total)}
            </dd>
            <dt>
              <Trans>Closing fee</Trans>
            </dt>
            <dd>{t`≈ ${money(feeOf(pending.estimate.notional, props.feeRate))} at this price`}</dd>
            <dt>
              <Trans>Overnight fee</Trans>
            </dt>
            <dd>{t`${money(feeOf(pending.estimate.notional, props.overnightRate))} per day held`}</dd>
            <dt>
              <Trans>Liquidation price</Trans>
            </dt>
            <dd data-testid="confirm-liquidation">{price(pending.estimate.liquidation)}</dd>
            <dt>
              <Trans>Take-profit</Trans>
            </dt>
            <dd>{pending.order.target_profit_price ? price(pending.order.target_profit_price) : t`None`}</dd>
            <dt>
              <Trans>Stop-loss</Trans>
            </dt>
            <dd>{pending.order.stop_loss_price ? price(pending.order.stop_loss_price) : t`None`}</dd>
          </dl>
          <p className={styles.hint}>
            <Trans>
              Your loss is limited to the margin. At the liquidation price the position closes and the rest of its
              margin goes to the insurance fund.
            </Trans>
          </p>
          <div className={confirmStyles.buttons}>
            <Button onClick={props.onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="primary" loading={props.busy} disabled={props.busy} onClick={props.onConfirm}>
              <Trans>Confirm</Trans>
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}
