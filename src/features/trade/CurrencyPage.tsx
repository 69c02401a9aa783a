import { NavBar } from '@/components/NavBar';
import { pages, useGo } from '@/lib/nav';
import { sectionOf } from './model/pairs';
import { usePair } from './state/pairs';
import { TradeScreen } from './components/TradeScreen';
import styles from './components/trade.module.css';

/** Trading one pair on its own page (`currency?symbol=…`), as linked from a pair's market page. */
export function CurrencyPage({ symbol }: { symbol: string }) {
  const go = useGo();
  const { pair } = usePair(symbol);
  return (
    <div className={styles.page}>
      <NavBar title={symbol} />
      <TradeScreen
        key={symbol}
        symbol={symbol}
        section={pair ? sectionOf(pair) : 'coin'}
        onPair={(p) => go({ to: pages.transaction.currency, search: { symbol: p.symbol } }, { replace: true })}
      />
    </div>
  );
}
