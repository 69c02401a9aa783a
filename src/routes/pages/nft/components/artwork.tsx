import { useSearch } from '@tanstack/react-router';
import { ArtworksPage, NFT_TYPES } from '@/features/nft';
import { pages, useGo } from '@/lib/nav';

const MODES = { fixed: 1, auction: 2 } as const;

/** `#/pages/nft/components/artwork?type=&mode=fixed|auction`: artworks by type and sale mode. */
export default function NftArtworksRoute() {
  const search = useSearch({ from: pages.nft['components/artwork'] });
  const go = useGo();
  const type = NFT_TYPES.find((t) => t === search.type);
  const payType = search.mode === 'fixed' || search.mode === 'auction' ? MODES[search.mode] : undefined;
  return (
    <ArtworksPage
      filter={{ type, payType }}
      onFilter={(f) =>
        go(
          {
            to: pages.nft['components/artwork'],
            search: {
              ...(f.type ? { type: f.type } : {}),
              ...(f.payType ? { mode: f.payType === 1 ? 'fixed' : 'auction' } : {}),
            },
          },
          { replace: true },
        )
      }
    />
  );
}
