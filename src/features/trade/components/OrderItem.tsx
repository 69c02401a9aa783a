import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '@contract/trade';
import { formatDateTime, formatMoney, formatPrice, formatQuantity, stepDecimals } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { OUTCOME_LABELS, SIDE_LABELS, TYPE_LABELS } from '../model/labels';
import { outcomeOf } from '../model/status';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './trade.module.css';

interface OrderItemProps {
  order: Order;
  /** Shown on resting orders only. */
  onCancel?: (order: Order) => void;
  cancelling?: boolean;
  onOpen?: (order: Order) => void;
  /** The pair's price decimals when the screen knows them; otherwise those of the order's own price. */
  priceDecimals?: number;
}

/** Decimals of an order's own figure (a multiple of the pair's tick or lot), for lists of every pair. */
const ownDecimals = (v: string | null) => (v === null ? 2 : Math.max(2, stepDecimals(v)));

/** One order: pair, side and type, time, price, amount, filled and status; cancel while resting. */
export function OrderItem({ order, onCancel, cancelling, onOpen, priceDecimals }: OrderItemProps) {
  const { t, i18n } = useLingui();
  const [base = '', quote = ''] = order.symbol.split('/');
  const resting = order.status === 'open' || order.status === 'partial';
  const color = order.side === 'buy' ? 'var(--app-up)' : 'var(--app-down)';
  const when = formatDateTime(Date.parse(order.created_at), activeBcp47());
  const side = i18n._(SIDE_LABELS[order.side]);
  const type = i18n._(TYPE_LABELS[order.type]);
  const pd = priceDecimals ?? ownDecimals(order.price);
  const price = (v: string | null) => (v === null ? '--' : formatPrice(v, pd));
  const qty = (v: string) => formatQuantity(v, Math.max(stepDecimals(order.amount ?? '0'), stepDecimals(order.filled)));
  return (
    <li className={styles.order} data-testid="order" data-status={order.status} data-outcome={outcomeOf(order)}>
      <div className={styles.orderTop}>
        <button type="button" className={styles.orderTitle} onClick={() => onOpen?.(order)} disabled={!onOpen}>
          <strong>
            <span style={{ color }}>
              {side} · {type}
            </span>{' '}
            {order.symbol}
          </strong>
          <small>
            {when} · {i18n._(OUTCOME_LABELS[outcomeOf(order)])}
          </small>
        </button>
        {resting && onCancel && (
          <button
            type="button"
            className={styles.cancel}
            disabled={cancelling}
            aria-label={t`Cancel order ${order.id}`}
            onClick={() => onCancel(order)}
          >
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
      <dl className={fieldStyles.figures}>
        <dt>
          <Trans>Price ({quote})</Trans>
        </dt>
        <dt>{order.budget !== null ? <Trans>Spend ({quote})</Trans> : <Trans>Amount ({base})</Trans>}</dt>
        <dt>
          <Trans>Filled ({base})</Trans>
        </dt>
        <dd>{order.price !== null ? price(order.price) : <Trans>Market</Trans>}</dd>
        <dd>{order.budget !== null ? formatMoney(order.budget, quote) : qty(order.amount ?? '0')}</dd>
        <dd data-testid="order-filled">{qty(order.filled)}</dd>
        <dt>
          <Trans>Average price</Trans>
        </dt>
        <dt>
          <Trans>Value ({quote})</Trans>
        </dt>
        <dt>
          <Trans>Fee</Trans>
        </dt>
        <dd>{price(order.avg_price)}</dd>
        <dd>{formatMoney(order.filled_value, quote)}</dd>
        <dd>{formatMoney(order.fee, quote)}</dd>
      </dl>
    </li>
  );
}
