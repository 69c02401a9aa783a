import type { ReactNode } from 'react';
import { NavBar } from '@/components/NavBar';
import { pages, useGo, type OrderSide } from '@/lib/nav';
import { sectionOf } from './model/pairs';
import { usePair } from './state/pairs';
import { TradeScreen } from './components/TradeScreen';
import styles from './components/trade.module.css';

/**
 * Trading one pair on its own page (`currency?symbol=…&side=buy|sell`), as linked from a pair's
 * market page: the form opens on the side chosen there. `navRight` goes in the navigation bar's
 * right slot (the route puts the price alert bell there).
 */
export function CurrencyPage({ symbol, side, navRight }: { symbol: string; side?: OrderSide; navRight?: ReactNode }) {
  const go = useGo();
  const { pair } = usePair(symbol);
  return (
    <div className={styles.page}>
      <NavBar title={symbol} right={navRight} />
      <TradeScreen
        key={symbol}
        symbol={symbol}
        section={pair ? sectionOf(pair) : 'coin'}
        side={side}
        onPair={(p) => go({ to: pages.transaction.currency, search: { symbol: p.symbol } }, { replace: true })}
      />
    </div>
  );
}
