import { useSearch } from '@tanstack/react-router';
import { PairPage } from '@/features/market';
import { pages } from '@/lib/nav';

/** `#/pages/quotation/index?symbol=BTC/USDT`; without a valid symbol, Bitcoin's pair. */
export default function QuotationRoute() {
  const { symbol } = useSearch({ from: pages.quotation.index });
  return <PairPage key={symbol} symbol={symbol} />;
}
