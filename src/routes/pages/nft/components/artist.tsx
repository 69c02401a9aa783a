import { ArtistsPage } from '@/features/nft';

/** `#/pages/nft/components/artist`: the artists. */
export default function NftArtistsRoute() {
  return <ArtistsPage />;
}
