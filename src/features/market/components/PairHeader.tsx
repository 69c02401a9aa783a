import { Trans } from '@lingui/react/macro';
import { fiatValue } from '../model/fiat';
import { formatChange, formatVolume, fullPrice, trendColor } from '../model/display';
import type { MarketQuote } from '../model/quotes';
import styles from './pair.module.css';

/** Live price with its fiat value and the 24 h figures (high and low with the price's decimals). */
export function PairHeader({ quote, fiat }: { quote: MarketQuote; fiat: { currency_code: string; rate: string } }) {
  const color = trendColor(quote.change);
  return (
    <section className={styles.head}>
      <div>
        <p className={styles.price} style={{ color }} data-testid="pair-price">
          {fullPrice(quote.price, quote.price_decimals)}
        </p>
        <div className={styles.fiatLine}>
          <span>{fiatValue(quote.price, fiat.currency_code, fiat.rate)}</span>
          <span style={{ color }}>{formatChange(quote.change)}</span>
        </div>
      </div>
      <dl className={styles.stats} style={{ margin: 0 }}>
        <dt className={styles.statLabel}>
          <Trans>24h high</Trans>
        </dt>
        <dd className={styles.statValue} style={{ margin: 0 }}>
          {fullPrice(quote.high, quote.price_decimals)}
        </dd>
        <dt className={styles.statLabel}>
          <Trans>24h low</Trans>
        </dt>
        <dd className={styles.statValue} style={{ margin: 0 }}>
          {fullPrice(quote.low, quote.price_decimals)}
        </dd>
        <dt className={styles.statLabel}>
          <Trans>24h vol</Trans>
        </dt>
        <dd className={styles.statValue} style={{ margin: 0 }}>
          {formatVolume(quote.volume)}
        </dd>
      </dl>
    </section>
  );
}
