import { NftHomePage } from '@/features/nft';

/** `#/uview-ui/nft/nft`: the original app's second path to the NFT market. */
export default function UviewNftRoute() {
  return <NftHomePage />;
}
