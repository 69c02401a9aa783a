import { Trans, useLingui } from '@lingui/react/macro';
import type { TraderTrade } from '@contract/copytrade';
import { formatDateTime, formatNumber } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { CLOSE_REASON_LABELS, SIDE_LABELS } from '../model/labels';
import { signClass, usdt } from './money';
import styles from './copytrade.module.css';

/** A trader's positions as followers see them: pair, side, lots, prices, result. */
export function TradeList({ trades, empty, testId }: { trades: TraderTrade[]; empty: string; testId: string }) {
  const { i18n } = useLingui();
  if (trades.length === 0) return <p className={`${styles.hint} ${styles.section}`}>{empty}</p>;
  return (
    <ul className={styles.list} data-testid={testId}>
      {trades.map((p) => {
        const closed = p.status === 'closed';
        const when = formatDateTime(
          Date.parse(closed && p.close_time ? p.close_time : p.transaction_time),
          activeBcp47(),
        );
        return (
          <li key={p.id} className={styles.card} data-testid="trade">
            <div className={styles.cardHead}>
              <span className={styles.cardTitle}>
                <strong>
                  <span className={p.type === 1 ? styles.up : styles.down}>
                    {i18n._(SIDE_LABELS[p.type])} · {p.multiple}x
                  </span>{' '}
                  {p.symbol}
                </strong>
                <small>
                  {when}
                  {p.close_reason ? ` · ${i18n._(CLOSE_REASON_LABELS[p.close_reason])}` : ''}
                </small>
              </span>
            </div>
            <dl className={styles.figures}>
              <dt>
                <Trans>Lots</Trans>
              </dt>
              <dd>{p.share}</dd>
              <dt>
                <Trans>Entry price</Trans>
              </dt>
              <dd>{formatNumber(p.price, 2)}</dd>
              {closed && (
                <>
                  <dt>
                    <Trans>Close price</Trans>
                  </dt>
                  <dd>{p.close_price ? formatNumber(p.close_price, 2) : '--'}</dd>
                  <dt>
                    <Trans>Realised PnL (USDT)</Trans>
                  </dt>
                  <dd className={signClass(p.profits)}>{usdt(p.profits)}</dd>
                </>
              )}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
