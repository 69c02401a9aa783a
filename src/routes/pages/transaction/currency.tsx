import { useSearch } from '@tanstack/react-router';
import { CurrencyPage } from '@/features/trade';
import { pages } from '@/lib/nav';

/** `#/pages/transaction/currency?symbol=BTC/USDT&side=sell`; without a valid symbol, Bitcoin's pair. */
export default function CurrencyRoute() {
  const { symbol, side } = useSearch({ from: pages.transaction.currency });
  return <CurrencyPage key={`${symbol}-${side ?? ''}`} symbol={symbol} side={side} />;
}
