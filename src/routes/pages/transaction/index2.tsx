import { useCallback } from 'react';
import { useSearch } from '@tanstack/react-router';
import type { PairQuote } from '@contract/market';
import { SecondsPage } from '@/features/seconds';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/transaction/index2?symbol=BTC/USDT`: seconds contracts on a pair (`open_microtrade`). */
export default function SecondsRoute() {
  const { symbol } = useSearch({ from: pages.transaction.index2 });
  const go = useGo();
  const onPair = useCallback(
    (p: PairQuote) => go({ to: pages.transaction.index2, search: { symbol: p.symbol } }, { replace: true }),
    [go],
  );
  return <SecondsPage symbol={symbol} onPair={onPair} />;
}
