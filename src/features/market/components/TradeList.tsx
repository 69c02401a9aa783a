import { Trans } from '@lingui/react/macro';
import { activeBcp47 } from '@/lib/i18n';
import type { Trade } from '../model/depth';
import { DOWN, formatCompactText as formatCompact, fullPrice, UP } from '../model/display';
import styles from './pair.module.css';

/** Recent trades, newest first: time, price coloured by side, amount. */
export function TradeList({ trades, decimals }: { trades: Trade[]; decimals: number }) {
  if (trades.length === 0) {
    return (
      <p className={styles.muted}>
        {/* These are the trades of this exchange's own book, not the market's (its 24 h volume). */}
        <Trans>No trades on this exchange's book yet.</Trans>
      </p>
    );
  }
  const time = new Intl.DateTimeFormat(activeBcp47(), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  return (
    <div className={styles.trades} data-testid="trades">
      <div className={`${styles.tradeRow} ${styles.tradeHead}`}>
        <span>
          <Trans>Time</Trans>
        </span>
        <span>
          <Trans>Price</Trans>
        </span>
        <span className={styles.end}>
          <Trans>Amount</Trans>
        </span>
      </div>
      {trades.map((t) => (
        <div key={`${t.ts}-${t.price}-${t.amount}`} className={styles.tradeRow}>
          <span>{time.format(t.ts)}</span>
          <span style={{ color: t.direction === 'buy' ? UP : DOWN }}>{fullPrice(t.price, decimals)}</span>
          <span className={styles.end}>{formatCompact(t.amount)}</span>
        </div>
      ))}
    </div>
  );
}
