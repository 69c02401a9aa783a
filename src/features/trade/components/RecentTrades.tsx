import { Trans } from '@lingui/react/macro';
import { formatCompact, formatPrice } from '@/lib/format';
import { formatTime } from '../model/time';
import type { PublicTrade } from '../model/book';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './trade.module.css';

/** The book's latest trades, newest first, coloured by the taker's side. */
export function RecentTrades({ trades, priceDecimals }: { trades: readonly PublicTrade[]; priceDecimals: number }) {
  if (trades.length === 0) {
    return (
      <p className={fieldStyles.muted}>
        <Trans>No trades yet.</Trans>
      </p>
    );
  }
  return (
    <div className={styles.trades} data-testid="recent-trades">
      <div className={styles.tradeRow} style={{ color: 'var(--app-text-weak)' }}>
        <span>
          <Trans>Time</Trans>
        </span>
        <span>
          <Trans>Price</Trans>
        </span>
        <span>
          <Trans>Amount</Trans>
        </span>
      </div>
      {trades.map((tr) => (
        <div key={`${tr.ts}:${tr.price}:${tr.amount}`} className={styles.tradeRow}>
          <span>{formatTime(tr.ts)}</span>
          <span style={{ color: tr.direction === 'buy' ? 'var(--app-up)' : 'var(--app-down)' }}>
            {formatPrice(tr.price, priceDecimals)}
          </span>
          <span>{formatCompact(tr.amount)}</span>
        </div>
      ))}
    </div>
  );
}
