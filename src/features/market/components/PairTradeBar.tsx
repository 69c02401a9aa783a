import { Trans } from '@lingui/react/macro';
import type { PairQuote } from '@contract/market';
import { pages, useGo, type OrderSide } from '@/lib/nav';
import styles from './pair.module.css';

/**
 * The pair page's way to trade what it shows: Buy and Sell open the spot form on that pair and
 * side; Futures and Seconds open the pair's contracts where the pair offers them.
 */
export function PairTradeBar({
  quote,
}: {
  quote: Pick<PairQuote, 'symbol' | 'open_lever'> & Partial<Pick<PairQuote, 'open_microtrade'>>;
}) {
  const go = useGo();
  const spot = (side: OrderSide) => go({ to: pages.transaction.currency, search: { symbol: quote.symbol, side } });
  return (
    <nav className={styles.tradeBar} data-testid="pair-trade-bar">
      {quote.open_lever && (
        <button
          type="button"
          className={styles.tradeLink}
          onClick={() => go({ to: pages.transaction.contract, search: { symbol: quote.symbol } })}
        >
          <Trans>Futures</Trans>
        </button>
      )}
      {quote.open_microtrade && (
        <button
          type="button"
          className={styles.tradeLink}
          onClick={() => go({ to: pages.transaction.index2, search: { symbol: quote.symbol } })}
        >
          <Trans>Seconds</Trans>
        </button>
      )}
      <button type="button" className={`${styles.tradeSide} ${styles.buy}`} onClick={() => spot('buy')}>
        <Trans>Buy</Trans>
      </button>
      <button type="button" className={`${styles.tradeSide} ${styles.sell}`} onClick={() => spot('sell')}>
        <Trans>Sell</Trans>
      </button>
    </nav>
  );
}
