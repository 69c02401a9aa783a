import { useSearch } from '@tanstack/react-router';
import { CollectionPage } from '@/features/nft';
import { pages } from '@/lib/nav';

/** `#/pages/nft/components/collection[?id=]`: the collections, or one collection's works. */
export default function NftCollectionRoute() {
  const { id } = useSearch({ from: pages.nft['components/collection'] });
  return <CollectionPage key={id ?? 0} id={id} />;
}
