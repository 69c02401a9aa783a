import { useSearch } from '@tanstack/react-router';
import { ArtworkDetailPage } from '@/features/nft';
import { pages } from '@/lib/nav';

/** `#/pages/nft/artworkDetail_video?id=`: a video artwork with its player, and its sale. */
export default function NftVideoRoute() {
  const { id } = useSearch({ from: pages.nft.artworkDetail_video });
  return <ArtworkDetailPage key={id ?? 0} id={id} />;
}
