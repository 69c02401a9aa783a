import { useEffect } from 'react';
import { useSearch } from '@tanstack/react-router';
import { usePushOffer } from '@/features/notifications';
import { PurchasePage } from '@/features/nft';
import { pages, useGo } from '@/lib/nav';

/**
 * `#/pages/nft/purchase?id=`: bidding on an auction; after a bid, notifications are offered.
 * `?order_id=` (the route of the "payment due" and "won" pushes) opens the orders to pay.
 */
export default function NftPurchaseRoute() {
  const { id, order_id } = useSearch({ from: pages.nft.purchase });
  const go = useGo();
  const push = usePushOffer();
  const toPay = id === undefined && order_id !== undefined;
  useEffect(() => {
    if (toPay) go({ to: pages.nft.mine, search: { tab: 'pay' } }, { replace: true });
  }, [toPay, go]);
  if (toPay) return null;
  return (
    <>
      <PurchasePage key={id ?? 0} id={id} onBid={push.offer} />
      {push.element}
    </>
  );
}
