import { useSearch } from '@tanstack/react-router';
import { PurchaseOnePage } from '@/features/nft';
import { pages } from '@/lib/nav';

/** `#/pages/nft/purchase_one?id=`: buying a fixed-price artwork or blind box. */
export default function NftPurchaseOneRoute() {
  const { id } = useSearch({ from: pages.nft.purchase_one });
  return <PurchaseOnePage key={id ?? 0} id={id} />;
}
