import { useSearch } from '@tanstack/react-router';
import { FuturesPage } from '@/features/futures';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/transaction/contract?symbol=BTC/USDT`: futures on one pair; Bitcoin's pair by default. */
export default function ContractRoute() {
  const { symbol } = useSearch({ from: pages.transaction.contract });
  const go = useGo();
  return (
    <FuturesPage
      key={symbol}
      symbol={symbol}
      onPair={(p) => go({ to: pages.transaction.contract, search: { symbol: p.symbol } }, { replace: true })}
    />
  );
}
