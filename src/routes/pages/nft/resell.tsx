import { useSearch } from '@tanstack/react-router';
import { ResellPage } from '@/features/nft';
import { pages } from '@/lib/nav';

/** `#/pages/nft/resell?id=`: listing an owned artwork for sale. */
export default function NftResellRoute() {
  const { id } = useSearch({ from: pages.nft.resell });
  return <ResellPage key={id ?? 0} id={id} />;
}
