import { loadCatalog } from '@/lib/i18n';

// The feature's strings arrive with its chunk (see lingui.config.ts).
await loadCatalog('nft');

export { NftHomePage } from './NftHomePage';
export { ArtworksPage } from './ArtworksPage';
export { ArtistsPage } from './ArtistsPage';
export { ArtistDetailPage } from './ArtistDetailPage';
export { CollectionPage } from './CollectionPage';
export { SearchPage } from './SearchPage';
export { ArtworkDetailPage } from './ArtworkDetailPage';
export { PurchasePage } from './PurchasePage';
export { PurchaseOnePage } from './PurchaseOnePage';
export { ResellPage } from './ResellPage';
export { MyNftPage } from './MyNftPage';
export { MinePage } from './MinePage';
export { NFT_TYPES } from '@contract/nft';
