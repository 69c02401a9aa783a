import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import { sharedChunk } from '@/components/LazyPage/chunk';
import type { CatalogName } from '@/lib/i18n/catalogs';
import { ROUTE_PATHS, TABS, type RoutePath, type TabKey } from '@/lib/nav';

/** The title of every route: a "function in development" page shows it. Typed by path, so none is missing. */
export const ROUTE_TITLES: Readonly<Record<RoutePath, MessageDescriptor>> = {
  '/': msg`Home`,
  '/pages/index/index': msg`Home`,
  '/pages/common/login': msg`Log in`,
  '/pages/common/register': msg`Register`,
  '/pages/common/area': msg`Country or area`,
  '/pages/common/forget': msg`Forgot password`,
  '/pages/common/article': msg`Article`,
  '/pages/common/webView': msg`Web page`,
  '/pages/common/faq': msg`FAQ`,
  '/pages/common/contactus': msg`Contact us`,
  '/pages/common/aboutus': msg`About us`,
  '/pages/common/borrowing': msg`Borrowing and repayment`,
  '/pages/common/not_me': msg`Secure your account`,
  '/pages/setting/setting': msg`Settings`,
  '/pages/setting/userInfo': msg`Profile`,
  '/pages/setting/security': msg`Security`,
  '/pages/setting/password': msg`Login password`,
  '/pages/setting/payPassword': msg`Payment password`,
  '/pages/setting/coupon': msg`Coupon centre`,
  '/pages/setting/wallet': msg`Wallet addresses`,
  '/pages/setting/bill': msg`Bills`,
  '/pages/setting/real': msg`Identity verification`,
  '/pages/setting/real_mark': msg`Verification status`,
  '/pages/setting/addWallet': msg`Add wallet address`,
  '/pages/setting/operational_compliance': msg`Operational compliance`,
  '/pages/setting/share': msg`Share`,
  '/pages/setting/areas': msg`Country or area`,
  '/pages/setting/bank': msg`Bank card`,
  '/pages/setting/bank_international': msg`International bank card`,
  '/pages/setting/addEmail': msg`Bind email`,
  '/pages/setting/alerts': msg`Price alerts`,
  '/pages/fund/select': msg`Select currency`,
  '/pages/fund/select_network': msg`Select network`,
  '/pages/fund/receive': msg`Recharge`,
  '/pages/fund/receive_withdraw_record': msg`Recharge and withdrawal records`,
  '/pages/fund/withdraw': msg`Withdraw`,
  '/pages/fund/assets': msg`Assets`,
  '/pages/fund/assets_record': msg`Account changes`,
  '/pages/fund/assets_all_record': msg`All records`,
  '/pages/fund/transfer': msg`Exchange`,
  '/pages/fund/fundTransfer': msg`Transfer`,
  '/pages/fund/transfer_history': msg`Transfer history`,
  '/pages/market/market': msg`Market`,
  '/pages/market/search': msg`Search`,
  '/pages/transaction/index': msg`Trade`,
  '/pages/transaction/index2': msg`Options`,
  '/pages/transaction/currency': msg`Spot trading`,
  '/pages/transaction/currency_order': msg`Spot orders`,
  '/pages/transaction/contract': msg`Futures`,
  '/pages/transaction/contract_order': msg`Futures orders`,
  '/pages/transaction/seconds_order': msg`Options orders`,
  '/pages/copytrade/copy': msg`Copy trading`,
  '/pages/copytrade/my': msg`My copy trading`,
  '/pages/copytrade/trader': msg`Trader`,
  '/pages/follow/index': msg`Copy trading`,
  '/pages/follow/trader': msg`Trader`,
  '/pages/follow/follow': msg`Follow`,
  '/pages/follow/agreement_zh': msg`Copy trading agreement`,
  '/pages/follow/agreement_en': msg`Copy trading agreement`,
  '/pages/otc/otc': msg`OTC`,
  '/pages/otc/order': msg`OTC order`,
  '/pages/ieo/ieo': msg`IEO`,
  '/pages/ieo/subscribe': msg`Subscribe`,
  '/pages/ieo/order': msg`My subscriptions`,
  '/pages/invest/invest': msg`Dual investment`,
  '/pages/invest/mine': msg`My investments`,
  '/pages/invest/purchase': msg`Purchase`,
  '/pages/invest/help': msg`Instructions`,
  '/pages/lockming/lockming': msg`Lock mining`,
  '/pages/lockming/buy': msg`Join mining`,
  '/pages/lockming/order': msg`Locked positions`,
  '/pages/lockming/welcome': msg`Lock mining`,
  '/pages/nft/nft': msg`NFT`,
  '/pages/nft/artistDetail': msg`Artist`,
  '/pages/nft/mine': msg`My NFT`,
  '/pages/nft/components/artist': msg`Artists`,
  '/pages/nft/components/artwork': msg`Artworks`,
  '/pages/nft/artworkDetail': msg`Artwork`,
  '/pages/nft/artworkDetail_video': msg`Artwork`,
  '/pages/nft/purchase': msg`Purchase`,
  '/pages/nft/purchase_one': msg`Purchase`,
  '/pages/nft/components/search': msg`Search`,
  '/pages/nft/components/collection': msg`Collection`,
  '/pages/nft/resell': msg`Resell`,
  '/pages/nft/myNft': msg`My NFT`,
  '/pages/game/game': msg`Mini game`,
  '/pages/kefu/index': msg`Customer service`,
  '/uview-ui/nft/nft': msg`NFT`,
  '/pages/quotation/index': msg`Quotes`,
  '/pages/financial/index': msg`Finance`,
  '/pages/proof/proof': msg`Proof of liabilities`,
  '/pages/proof/verify': msg`Verify a proof`,
  '/pages/proof/record': msg`Settlement record`,
  '/pages/recurring/index': msg`Recurring buys`,
  '/pages/recurring/create': msg`New recurring buy`,
  '/pages/recurring/detail': msg`Recurring buy`,
};

export interface RouteEntry {
  /** Hash path exactly as SPEC.md section 2 names it (`/pages/<group>/<page>`), or `/` for home. */
  path: RoutePath;
  title: MessageDescriptor;
  /** Set on the five tab pages (and home's alias): they show the bottom tab bar. */
  tab?: TabKey;
}

const TAB_OF: ReadonlyMap<string, TabKey> = new Map([
  ...TABS.map((t) => [t.path, t.key] as const),
  ['/pages/index/index', 'home'],
]);

/** Every route of SPEC.md section 2, in its order (the paths come from `@/lib/nav`). */
export const ROUTES: readonly RouteEntry[] = ROUTE_PATHS.map((path) => ({
  path,
  title: ROUTE_TITLES[path],
  tab: TAB_OF.get(path),
}));

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

// Home is the first route: its chunk loads straight from the entry.
const loadHome: PageLoader = () => import('./pages/index/index');

/**
 * The other tabs' pages also load straight from the entry, each with the feature catalogs it
 * waits for. The app often opens at a tab (a reload, a shortcut); through the page table, its
 * page would come after the table, and its catalogs only once the page's modules ran: three
 * round trips in a row before the page could render or send its first request. `preloadPage`
 * (router.tsx) starts the page and its catalogs side by side instead. The page table leaves these
 * files out.
 */
const TAB_PAGES: ReadonlyMap<string, { load: PageLoader; catalogs: readonly CatalogName[] }> = new Map([
  ['/pages/market/market', { load: () => import('./pages/market/market'), catalogs: ['market'] }],
  ['/pages/transaction/index', { load: () => import('./pages/transaction/index'), catalogs: ['trade'] }],
  ['/pages/financial/index', { load: () => import('./pages/financial/index'), catalogs: ['finance'] }],
  ['/pages/fund/assets', { load: () => import('./pages/fund/assets'), catalogs: ['wallet', 'notifications'] }],
]);

/** The feature catalogs a page waits for, when the registry knows them (the tabs'). */
export function catalogsOf(path: string): readonly CatalogName[] {
  return TAB_PAGES.get(path)?.catalogs ?? [];
}

// Every other page comes from the page table (`./pages.ts`), a chunk of its own: its loaders and
// their preload lists grow with every screen, and none of it is needed to show home.
// A table that did not come within the chunk script time-out fails the page (its error screen
// offers Retry, which requests the table again).
const pageTable = sharedChunk('page table', () => import('./pages'));

/** Loads the page table ahead of the first navigation (after the first screen). */
export function preloadPageTable(): Promise<unknown> {
  return pageTable();
}

/**
 * The loader of a route's page: home's or a tab's own, else one that finds the page in the page table and
 * resolves with `fallback` (the "function in development" screen) when the route has no file.
 */
export function loaderFor(path: RoutePath, fallback: PageLoader): PageLoader {
  if (path === '/' || path === '/pages/index/index') return loadHome;
  const tab = TAB_PAGES.get(path);
  if (tab) return tab.load;
  return () => pageTable().then(({ PAGE_LOADERS }) => (PAGE_LOADERS.get(path) ?? fallback)());
}

export function findRoute(path: string): RouteEntry | undefined {
  return ROUTES.find((e) => e.path === path);
}
