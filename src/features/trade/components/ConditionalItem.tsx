import { Trans, useLingui } from '@lingui/react/macro';
import type { Conditional } from '@contract/conditional';
import { formatDateTime, formatMoney, formatPrice, formatQuantity, formatRate, stepDecimals } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { percentRatio } from '../model/conditional';
import { CONDITIONAL_STATUS_LABELS, KIND_LABELS } from '../model/conditionalLabels';
import { SIDE_LABELS } from '../model/labels';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './trade.module.css';
import own from './conditional.module.css';

interface ConditionalItemProps {
  item: Conditional;
  /** Shown on waiting ones only. */
  onCancel?: (c: Conditional) => void;
  cancelling?: boolean;
  /** Opens the spot order a triggered one became. */
  onOrder?: (orderId: number) => void;
}

/** Decimals of a figure of any pair: its own, at least 2. */
const ownDecimals = (v: string | null) => (v === null ? 2 : Math.max(2, stepDecimals(v)));

/**
 * One stop order: side, kind and pair, when placed and its state; trigger, limit price and amount
 * (a trailing stop's distance and best price); once triggered, the trade and time that fired it
 * and the order it became.
 */
export function ConditionalItem({ item, onCancel, cancelling, onOrder }: ConditionalItemProps) {
  const { t, i18n } = useLingui();
  const [base = '', quote = ''] = item.symbol.split('/');
  const locale = activeBcp47();
  const pd = Math.max(ownDecimals(item.trigger_price), ownDecimals(item.price));
  const price = (v: string) => formatPrice(v, pd);
  const sign = item.direction === 'up' ? '≥' : '≤';
  const color = item.side === 'buy' ? 'var(--app-up)' : 'var(--app-down)';
  const id = item.id;
  return (
    <li className={styles.order} data-testid="conditional" data-status={item.status} data-kind={item.kind}>
      <div className={styles.orderTop}>
        <div className={styles.orderTitle}>
          <strong>
            <span style={{ color }}>
              {i18n._(SIDE_LABELS[item.side])} · {i18n._(KIND_LABELS[item.kind])}
            </span>{' '}
            {item.symbol}
          </strong>
          <small>
            {formatDateTime(Date.parse(item.created_at), locale)} ·{' '}
            <span className={`${own.state} ${own[item.status]}`} data-testid="conditional-state">
              {i18n._(CONDITIONAL_STATUS_LABELS[item.status])}
            </span>
          </small>
        </div>
        {item.status === 'waiting' && onCancel && (
          <button
            type="button"
            className={styles.cancel}
            disabled={cancelling}
            aria-label={t`Cancel stop order ${id}`}
            onClick={() => onCancel(item)}
          >
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
      <dl className={fieldStyles.figures}>
        <dt>
          <Trans>Trigger ({quote})</Trans>
        </dt>
        <dt>
          <Trans>Price ({quote})</Trans>
        </dt>
        <dt>{item.budget !== null ? <Trans>Spend ({quote})</Trans> : <Trans>Amount ({base})</Trans>}</dt>
        <dd data-testid="conditional-trigger">
          {sign} {price(item.trigger_price)}
        </dd>
        <dd>{item.price !== null ? price(item.price) : <Trans>Market</Trans>}</dd>
        <dd>
          {item.budget !== null
            ? formatMoney(item.budget, quote)
            : formatQuantity(item.amount ?? '0', stepDecimals(item.amount ?? '0'))}
        </dd>
        {item.kind === 'trailing_stop' && <TrailFigures item={item} price={price} quote={quote} />}
        {item.kind === 'oco' && <OcoFigures item={item} price={price} quote={quote} />}
      </dl>
      {item.status === 'triggered' && <Fired item={item} locale={locale} onOrder={onOrder} />}
    </li>
  );
}

/** An OCO's limit leg, and which leg acted once one did. */
function OcoFigures({ item, price, quote }: { item: Conditional; price: (v: string) => string; quote: string }) {
  const limitActed = item.status === 'triggered' && item.order_id !== null && item.order_id === item.limit_order_id;
  return (
    <>
      <dt>
        <Trans>Limit leg ({quote})</Trans>
      </dt>
      <dt />
      <dt />
      <dd data-testid="conditional-limit-leg">{item.limit_price !== null ? price(item.limit_price) : '—'}</dd>
      {item.status === 'triggered' ? (
        <dd data-testid="conditional-acted" data-acted={limitActed ? 'limit' : 'stop'}>
          {limitActed ? <Trans>Limit leg filled</Trans> : <Trans>Stop leg triggered</Trans>}
        </dd>
      ) : (
        <dd />
      )}
      <dd />
    </>
  );
}

function TrailFigures({ item, price, quote }: { item: Conditional; price: (v: string) => string; quote: string }) {
  return (
    <>
      <dt>
        <Trans>Trail by</Trans>
      </dt>
      <dt>{item.side === 'sell' ? <Trans>Highest since placed</Trans> : <Trans>Lowest since placed</Trans>}</dt>
      <dt />
      <dd>
        {item.trail_percent !== null
          ? formatRate(percentRatio(item.trail_percent))
          : `${price(item.trail_distance ?? '0')} ${quote}`}
      </dd>
      <dd>{item.best_price !== null ? price(item.best_price) : '--'}</dd>
      <dd />
    </>
  );
}

/** When and by which trade it fired, and the order it became (tap to open it). */
function Fired({ item, locale, onOrder }: { item: Conditional; locale: string; onOrder?: (id: number) => void }) {
  const { t } = useLingui();
  const when = item.triggered_at ? formatDateTime(Date.parse(item.triggered_at), locale) : '--';
  const trade = item.trigger_trade_id ?? '--';
  const orderId = item.order_id;
  return (
    <div className={own.fired} data-testid="conditional-fired">
      <span>
        <Trans>
          Triggered {when} by trade #{trade}
        </Trans>
      </span>
      {orderId !== null &&
        (onOrder ? (
          <button
            type="button"
            className={own.view}
            onClick={() => onOrder(orderId)}
            aria-label={t`Open order ${orderId}`}
          >
            <Trans>Order #{orderId}</Trans>
          </button>
        ) : (
          <span>
            <Trans>Order #{orderId}</Trans>
          </span>
        ))}
    </div>
  );
}
