import { Trans, useLingui } from '@lingui/react/macro';
import type { Position } from '@contract/futures';
import { settlementRef } from '@contract/record';
import { VerifyLink } from '@/components/VerifyLink';
import { formatDateTime, formatMoney, formatNumber, formatPercent, formatPrice, trend } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { CLOSE_REASON_LABELS, SIDE_LABELS, SOURCE_LABELS, STATUS_LABELS, tickTime } from '../model/labels';
import { liveFigures, sideOf } from '../model/position';
import { liveTrail } from '../model/trail';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './futures.module.css';

interface PositionItemProps {
  position: Position;
  /** The live mark of its pair, when newer than the server's figures. */
  mark?: string;
  priceDecimals?: number;
  busy?: boolean;
  /** Close (open) or cancel (pending); absent in history and offline. */
  onClose?: (p: Position) => void;
  onStops?: (p: Position) => void;
  disabled?: boolean;
}

const colorOf = (v: string | null | undefined) => {
  const d = trend(v);
  return d === 'up' ? 'var(--app-up)' : d === 'down' ? 'var(--app-down)' : undefined;
};

/** One position or pending order: direction, leverage, figures at the live mark, and its actions. */
export function PositionItem({
  position: p,
  mark,
  priceDecimals = 2,
  busy,
  onClose,
  onStops,
  disabled,
}: PositionItemProps) {
  const { t } = useLingui();
  const live = liveFigures(p, mark);
  const price = (v: string | null) => (v === null ? '--' : formatPrice(v, priceDecimals));
  const money = (v: string | null) => (v === null ? '--' : formatMoney(v, 'USDT'));
  const closed = p.status === 'closed' || p.status === 'cancelled';
  const base = p.symbol.split('/')[0] ?? '';
  const profitLabel = p.status === 'closed' ? t`Realised profit` : t`Unrealised profit`;
  return (
    <li className={styles.position} data-testid="position" data-status={p.status} data-id={p.id}>
      <PositionTitle p={p} closed={closed} />
      {p.closed_after_restart && (
        <p className={styles.hint}>
          <Trans>
            Its trigger was crossed while the service was down: it closed at the first price after the restart.
          </Trans>
        </p>
      )}
      <dl className={fieldStyles.figures}>
        <dt>{p.status === 'pending' ? <Trans>Limit price</Trans> : <Trans>Entry price</Trans>}</dt>
        <dt>{closed ? <Trans>Close price</Trans> : <Trans>Mark price</Trans>}</dt>
        <dt>
          <Trans>Lots ({base})</Trans>
        </dt>
        <dd>{price(p.price)}</dd>
        <MarkCell p={p} closed={closed} text={closed ? price(p.close_price) : price(live.mark)} />
        <dd>
          {p.share} ({p.number})
        </dd>
        <dt>{profitLabel}</dt>
        <dt>
          <Trans>Margin</Trans>
        </dt>
        <dt>{closed ? <Trans>Returned</Trans> : <Trans>Risk rate</Trans>}</dt>
        <dd data-testid="profit" style={{ color: colorOf(live.profit) }}>
          {money(live.profit)}
          {live.yield && p.status !== 'pending' ? ` (${formatPercent(live.yield)})` : ''}
        </dd>
        <dd>{money(p.caution_money)}</dd>
        <dd data-testid={closed ? 'returned' : 'risk-rate'}>
          {closed ? money(p.returned) : live.hazardRate === null ? '--' : `${formatNumber(live.hazardRate, 2)}%`}
        </dd>
        <dt>
          <Trans>Liq. price</Trans>
        </dt>
        <dt>
          <Trans>Take-profit</Trans>
        </dt>
        <dt>
          <Trans>Stop-loss</Trans>
        </dt>
        <dd data-testid="liquidation">{price(p.liquidation_price)}</dd>
        <dd data-testid="take-profit">{price(p.target_profit_price)}</dd>
        <dd data-testid="stop-loss">{price(p.stop_loss_price)}</dd>
        <dt>
          <Trans>Fees</Trans>
        </dt>
        <dt>
          <Trans>Overnight fees</Trans>
        </dt>
        <dt />
        <dd>{money(p.trade_fee)}</dd>
        <dd>{money(p.overnight_money)}</dd>
        <dd />
        <TrailCells p={p} mark={mark} priceDecimals={priceDecimals} />
      </dl>
      {/* Every close is in the public settlement record: triggers, own closes and copies. */}
      {p.status === 'closed' && p.close_reason !== null && <VerifyLink settlement={settlementRef.futures(p.id)} />}
      {(onClose || onStops) && !closed && (
        <PositionActions p={p} onClose={onClose} onStops={onStops} disabled={disabled || busy} />
      )}
    </li>
  );
}

/** Direction, leverage and pair; when, its state and why it closed. */
function PositionTitle({ p, closed }: { p: Position; closed: boolean }) {
  const { i18n } = useLingui();
  const side = sideOf(p);
  const when = formatDateTime(Date.parse(closed && p.close_time ? p.close_time : p.transaction_time), activeBcp47());
  return (
    <div className={styles.positionTop}>
      <div className={styles.positionTitle}>
        <strong>
          <span style={{ color: side === 'long' ? 'var(--app-up)' : 'var(--app-down)' }}>
            {i18n._(SIDE_LABELS[side])} · {p.multiple}x
          </span>{' '}
          {p.symbol}
        </strong>
        <small>
          {when} · {i18n._(STATUS_LABELS[p.status])}
          {p.close_reason ? ` · ${i18n._(CLOSE_REASON_LABELS[p.close_reason])}` : ''}
        </small>
      </div>
    </div>
  );
}

/** Its trailing stop, when it has one: the trigger at the live mark, the trail and the best mark so far. */
function TrailCells({ p, mark, priceDecimals }: { p: Position; mark: string | undefined; priceDecimals: number }) {
  const trail = liveTrail(p, mark, priceDecimals);
  if (!trail) return null;
  const price = (v: string) => formatPrice(v, priceDecimals);
  return (
    <>
      <dt>
        <Trans>Trailing stop</Trans>
      </dt>
      <dt>
        <Trans>Trail</Trans>
      </dt>
      <dt>
        <Trans>Best mark</Trans>
      </dt>
      <dd data-testid="trail-trigger">{price(trail.trigger)}</dd>
      <dd data-testid="trail">
        {p.trail_percent !== null ? `${formatNumber(p.trail_percent, 2)}%` : price(p.trail_distance ?? '0')}
      </dd>
      <dd>{price(trail.best)}</dd>
    </>
  );
}

function PositionActions({
  p,
  onClose,
  onStops,
  disabled,
}: Pick<PositionItemProps, 'onClose' | 'onStops' | 'disabled'> & { p: Position }) {
  const { t } = useLingui();
  return (
    <div className={styles.actions}>
      {onStops && (
        <button
          type="button"
          className={styles.action}
          disabled={disabled}
          aria-label={t`Edit take-profit and stop-loss of position ${p.id}`}
          onClick={() => onStops(p)}
        >
          <Trans>TP / SL</Trans>
        </button>
      )}
      {onClose && (
        <button
          type="button"
          className={styles.action}
          disabled={disabled}
          aria-label={p.status === 'pending' ? t`Cancel order ${p.id}` : t`Close position ${p.id}`}
          onClick={() => onClose(p)}
        >
          {p.status === 'pending' ? <Trans>Cancel</Trans> : <Trans>Close</Trans>}
        </button>
      )}
    </div>
  );
}

/** An open position's live mark, or a closed one's price with the feed tick (time, source) it came from. */
function MarkCell({ p, closed, text }: { p: Position; closed: boolean; text: string }) {
  const { i18n } = useLingui();
  return (
    <dd data-testid="mark">
      {text}
      {closed && p.close_price_at !== null && p.close_source !== null && (
        <small className={styles.tick} data-testid="close-tick">
          {tickTime(p.close_price_at)} · {i18n._(SOURCE_LABELS[p.close_source])}
        </small>
      )}
    </dd>
  );
}
