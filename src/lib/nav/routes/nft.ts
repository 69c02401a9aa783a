import { msg } from '@lingui/core/macro';
import { routeGroup } from '../route-group';
import { defined, idSearch, matching, oneOf, positiveId, searchValidator } from '../search-kit';

/** Tabs of the NFT centre (`nft/mine`): messages, orders to pay, bid records, favorites. */
export const NFT_MINE_TABS = ['messages', 'pay', 'bids', 'favorites'] as const;
export type NftMineTab = (typeof NFT_MINE_TABS)[number];

// Artwork filters are checked against the contract's words by the NFT feature.
const nftWord = (value: unknown): string | undefined => matching(/^[a-z_]{1,16}$/, value);

export const nft = routeGroup(
  'nft',
  {
    nft: msg`NFT`,
    artistDetail: msg`Artist`,
    mine: msg`My NFT`,
    'components/artist': msg`Artists`,
    'components/artwork': msg`Artworks`,
    artworkDetail: msg`Artwork`,
    artworkDetail_video: msg`Artwork`,
    purchase: msg`Purchase`,
    purchase_one: msg`Purchase`,
    'components/search': msg`Search`,
    'components/collection': msg`Collection`,
    resell: msg`Resell`,
    myNft: msg`My NFT`,
  },
  {
    artworkDetail: idSearch(),
    artworkDetail_video: idSearch(),
    // The payment notices of web push open `purchase?order_id=`: the route sends them to the orders to pay.
    purchase: searchValidator<{ id?: number; order_id?: number }, { id?: number; order_id?: number }>((raw) =>
      defined({ id: positiveId(raw.id), order_id: positiveId(raw.order_id) }),
    ),
    purchase_one: idSearch(),
    resell: idSearch(),
    'components/collection': idSearch(),
    artistDetail: searchValidator<{ uid?: number }, { uid?: number }>((raw) => defined({ uid: positiveId(raw.uid) })),
    'components/artwork': searchValidator<{ type?: string; mode?: string }, { type?: string; mode?: string }>((raw) =>
      defined({ type: nftWord(raw.type), mode: nftWord(raw.mode) }),
    ),
    'components/search': searchValidator<{ q?: string }, { q: string }>((raw) => ({
      q: typeof raw.q === 'string' || typeof raw.q === 'number' ? String(raw.q).slice(0, 64) : '',
    })),
    mine: searchValidator<{ tab?: NftMineTab }, { tab: NftMineTab }>((raw) => ({
      tab: oneOf(NFT_MINE_TABS, raw.tab) ?? 'messages',
    })),
  },
);
