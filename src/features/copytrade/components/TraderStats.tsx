import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { TraderStats as Stats } from '@contract/copytrade';
import { percent, signClass, usdt } from './money';
import styles from './copytrade.module.css';

/** Stands for a figure the hourly run has not computed yet (a 0.00 % there would be made up). */
function NotYet() {
  return (
    <span className={styles.notYet} data-testid="not-computed">
      <Trans>Not computed yet</Trans>
    </span>
  );
}

/**
 * Total PnL, yield, accuracy, followers, profitable orders: the hourly figures of one trader.
 * Followers are counted now; the rest wait for the first hourly run (`as_of`).
 */
export function TraderStats({ stats, full = false }: { stats: Stats; full?: boolean }) {
  const computed = stats.as_of !== null;
  const figure = (shown: ReactNode) => (computed ? shown : <NotYet />);
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
      <dd className={computed ? signClass(stats.total_profit) : undefined} data-testid="total-profit">
        {figure(usdt(stats.total_profit))}
      </dd>
      <dd className={computed ? signClass(stats.yield) : undefined}>{figure(percent(stats.yield))}</dd>
      <dd>{figure(percent(stats.accuracy))}</dd>
      <dt>
        <Trans>Followers</Trans>
      </dt>
      <dt>
        <Trans>Profitable orders</Trans>
      </dt>
      <dt>{full && <Trans>Closed orders</Trans>}</dt>
      <dd data-testid="followers">{stats.followers}</dd>
      <dd>{figure(stats.profitable_orders)}</dd>
      <dd>{full ? figure(stats.closed_orders) : ''}</dd>
      {full && (
        <>
          <dt>
            <Trans>Margin used</Trans>
          </dt>
          <dt />
          <dt />
          <dd>{figure(usdt(stats.margin_used))}</dd>
        </>
      )}
    </dl>
  );
}
