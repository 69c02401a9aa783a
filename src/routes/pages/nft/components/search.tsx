import { useSearch } from '@tanstack/react-router';
import { SearchPage } from '@/features/nft';
import { pages, useGo } from '@/lib/nav';

/** `#/pages/nft/components/search?q=`: artworks and artists by name. */
export default function NftSearchRoute() {
  const { q } = useSearch({ from: pages.nft['components/search'] });
  const go = useGo();
  return (
    <SearchPage
      q={q}
      onSearch={(next) => go({ to: pages.nft['components/search'], search: { q: next } }, { replace: true })}
    />
  );
}
