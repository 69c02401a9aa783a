import { MyNftPage } from '@/features/nft';

/** `#/pages/nft/myNft`: the NFTs the user owns. */
export default function MyNftRoute() {
  return <MyNftPage />;
}
