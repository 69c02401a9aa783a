import { SearchPage } from '@/features/market';

export default function SearchRoute() {
  return <SearchPage />;
}
