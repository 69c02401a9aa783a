import { Trans } from '@lingui/react/macro';
import type { TraderStats as Stats } from '@contract/copytrade';
import { percent, signClass, usdt } from './money';
import styles from './copytrade.module.css';

/** Total PnL, yield, accuracy, followers, profitable orders: the hourly figures of one trader. */
export function TraderStats({ stats, full = false }: { stats: Stats; full?: boolean }) {
  return (
    <dl className={styles.stats} data-testid="trader-stats">
      <dt>
        <Trans>Total PnL (USDT)</Trans>
      </dt>
      <dt>
        <Trans>Yield</Trans>
      </dt>
      <dt>
        <Trans>Accuracy</Trans>
      </dt>
      <dd className={signClass(stats.total_profit)} data-testid="total-profit">
        {usdt(stats.total_profit)}
      </dd>
      <dd className={signClass(stats.yield)}>{percent(stats.yield)}</dd>
      <dd>{percent(stats.accuracy)}</dd>
      <dt>
        <Trans>Followers</Trans>
      </dt>
      <dt>
        <Trans>Profitable orders</Trans>
      </dt>
      <dt>{full && <Trans>Closed orders</Trans>}</dt>
      <dd data-testid="followers">{stats.followers}</dd>
      <dd>{stats.profitable_orders}</dd>
      <dd>{full ? stats.closed_orders : ''}</dd>
      {full && (
        <>
          <dt>
            <Trans>Margin used</Trans>
          </dt>
          <dt />
          <dt />
          <dd>{usdt(stats.margin_used)}</dd>
        </>
      )}
    </dl>
  );
}
