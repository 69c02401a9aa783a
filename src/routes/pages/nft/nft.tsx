import { NftHomePage } from '@/features/nft';

/** `#/pages/nft/nft`: the NFT market. */
export default function NftRoute() {
  return <NftHomePage />;
}
