import { useSearch } from '@tanstack/react-router';
import { MinePage } from '@/features/nft';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/nft/mine?tab=messages|pay|bids|favorites`: the NFT centre. */
export default function NftMineRoute() {
  const { tab } = useSearch({ from: pages.nft.mine });
  const go = useGo();
  return <MinePage tab={tab} onTab={(next) => go({ to: pages.nft.mine, search: { tab: next } }, { replace: true })} />;
}
