import { MarketPage } from '@/features/market/list';

export default function MarketRoute() {
  return <MarketPage />;
}
