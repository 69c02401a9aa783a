import { useSearch } from '@tanstack/react-router';
import { PurchasePage } from '@/features/invest';
import { pages } from '@/lib/nav';

/** `#/pages/invest/purchase?id=`: buy shares of a dual invest product. */
export default function PurchaseRoute() {
  const { id } = useSearch({ from: pages.invest.purchase });
  return <PurchasePage key={id ?? 0} id={id} />;
}
