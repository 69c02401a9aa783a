import { useSearch } from '@tanstack/react-router';
import { CurrencyPage } from '@/features/trade';
import { pages } from '@/lib/nav';

/** `#/pages/transaction/currency?symbol=BTC/USDT`; without a valid symbol, Bitcoin's pair. */
export default function CurrencyRoute() {
  const { symbol } = useSearch({ from: pages.transaction.currency });
  return <CurrencyPage key={symbol} symbol={symbol} />;
}
