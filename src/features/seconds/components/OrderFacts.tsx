import { Trans, useLingui } from '@lingui/react/macro';
import { formatRate } from '@/lib/format/number';
import type { MicroOrder } from '@contract/seconds';
import { formatMoney, formatPrice } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { SOURCE_LABELS } from '../model/labels';
import { directionOf, resultFromPrices } from '../model/orders';
import styles from './seconds.module.css';

/** Time of a feed price to the second, in the user's language. */
const atTime = (ts: number) =>
  new Intl.DateTimeFormat(activeBcp47(), { dateStyle: 'short', timeStyle: 'medium' }).format(ts);

/**
 * An order's checkable facts: stake, ratio, the entry price and the settlement price, each with
 * the feed time it was taken at and its source, what was paid and (`ago`) when it settled.
 */
export function OrderFacts({
  order,
  decimals,
  ago,
  live,
}: {
  order: MicroOrder;
  decimals: number;
  ago?: string;
  /** The feed's last price now, for a holding order: green where it would win, red where it would lose. */
  live?: string;
}) {
  const { i18n } = useLingui();
  const cur = order.currency_name;
  const standing =
    live && order.status === 'holding' ? resultFromPrices(directionOf(order), order.open_price, live) : null;
  return (
    <dl className={styles.facts}>
      <dt>
        <Trans>Stake</Trans>
      </dt>
      <dd>
        {formatMoney(order.number, cur)} {cur}
      </dd>
      <dt>
        <Trans>Profit ratio</Trans>
      </dt>
      <dd>{formatRate(order.profit_ratio)}</dd>
      <dt>
        <Trans>Entry price</Trans>
      </dt>
      <dd data-testid="open-price">
        {formatPrice(order.open_price, decimals)}
        <small>
          {atTime(order.open_price_at)} · {i18n._(SOURCE_LABELS[order.open_source])}
        </small>
      </dd>
      {standing && live && (
        <>
          <dt>
            <Trans>Last price</Trans>
          </dt>
          <dd
            data-testid="live-price"
            data-standing={standing}
            className={standing === 'win' ? styles.up : standing === 'loss' ? styles.down : undefined}
          >
            {formatPrice(live, decimals)}
          </dd>
        </>
      )}
      <dt>
        <Trans>Settlement price</Trans>
      </dt>
      <dd data-testid="end-price">
        {order.end_price !== null && order.end_price_at !== null && order.end_source !== null ? (
          <>
            {formatPrice(order.end_price, decimals)}
            <small>
              {atTime(order.end_price_at)} · {i18n._(SOURCE_LABELS[order.end_source])}
            </small>
          </>
        ) : (
          <>
            --
            <small>
              {order.result === 'void' ? (
                <Trans>No live price at expiry {atTime(order.end_at)}</Trans>
              ) : (
                <Trans>Expires {atTime(order.end_at)}</Trans>
              )}
            </small>
          </>
        )}
      </dd>
      {order.payout !== null && (
        <>
          <dt>
            <Trans>Paid back</Trans>
          </dt>
          <dd data-testid="payout">
            {formatMoney(order.payout, cur)} {cur}
          </dd>
        </>
      )}
      {ago && (
        <>
          <dt>
            <Trans>Settled</Trans>
          </dt>
          <dd data-testid="settled-ago">{ago}</dd>
        </>
      )}
    </dl>
  );
}
