import { MarketPage } from '@/features/market';

export default function MarketRoute() {
  return <MarketPage />;
}
