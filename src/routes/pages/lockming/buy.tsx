import { useSearch } from '@tanstack/react-router';
import { LockBuyPage } from '@/features/lockming';
import { pages } from '@/lib/nav';

/** `#/pages/lockming/buy?id=`: lock an amount in one product. */
export default function LockBuyRoute() {
  const { id } = useSearch({ from: pages.lockming.buy });
  return <LockBuyPage id={id} />;
}
