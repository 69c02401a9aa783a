import { useSearch } from '@tanstack/react-router';
import { usePushOffer } from '@/features/notifications';
import { PurchasePage } from '@/features/nft';
import { pages } from '@/lib/nav';

/** `#/pages/nft/purchase?id=`: bidding on an auction; after a bid, notifications are offered. */
export default function NftPurchaseRoute() {
  const { id } = useSearch({ from: pages.nft.purchase });
  const push = usePushOffer();
  return (
    <>
      <PurchasePage key={id ?? 0} id={id} onBid={push.offer} />
      {push.element}
    </>
  );
}
