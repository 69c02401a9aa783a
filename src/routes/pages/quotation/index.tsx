import { useSearch } from '@tanstack/react-router';
import { PairPage } from '@/features/market';

/** `#/pages/quotation/index?symbol=BTC/USDT`; without a symbol, Bitcoin's pair. */
export default function QuotationRoute() {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const symbol = typeof search.symbol === 'string' && search.symbol ? search.symbol : 'BTC/USDT';
  return <PairPage key={symbol} symbol={symbol} />;
}
