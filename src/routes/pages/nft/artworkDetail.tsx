import { useSearch } from '@tanstack/react-router';
import { ArtworkDetailPage } from '@/features/nft';
import { pages } from '@/lib/nav';

/** `#/pages/nft/artworkDetail?id=`: one artwork (picture, GIF, audio or blind box) and its sale. */
export default function NftArtworkRoute() {
  const { id } = useSearch({ from: pages.nft.artworkDetail });
  return <ArtworkDetailPage key={id ?? 0} id={id} />;
}
