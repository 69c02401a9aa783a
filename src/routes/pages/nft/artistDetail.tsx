import { useSearch } from '@tanstack/react-router';
import { ArtistDetailPage } from '@/features/nft';
import { pages } from '@/lib/nav';

/** `#/pages/nft/artistDetail?uid=`: an artist's homepage. */
export default function NftArtistRoute() {
  const { uid } = useSearch({ from: pages.nft.artistDetail });
  return <ArtistDetailPage key={uid ?? 0} uid={uid} />;
}
