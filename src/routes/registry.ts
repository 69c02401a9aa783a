import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';

export type TabKey = 'home' | 'market' | 'trade' | 'finance' | 'assets';

export interface RouteEntry {
  /** Hash path exactly as SPEC.md section 2 names it (`/pages/<group>/<page>`), or `/` for home. */
  path: string;
  title: MessageDescriptor;
  /** Set on the five tab pages: they show the bottom tab bar. */
  tab?: TabKey;
}

const r = (path: string, title: MessageDescriptor, tab?: TabKey): RouteEntry => ({ path, title, tab });

/** Every route of SPEC.md section 2, in its order. */
export const ROUTES: readonly RouteEntry[] = [
  r('/', msg`Home`, 'home'),
  r('/pages/index/index', msg`Home`, 'home'),
  // common
  r('/pages/common/login', msg`Log in`),
  r('/pages/common/register', msg`Register`),
  r('/pages/common/area', msg`Country or area`),
  // Not in SPEC.md's list, which names the flow but not its page.
  r('/pages/common/forget', msg`Forgot password`),
  r('/pages/common/article', msg`Article`),
  r('/pages/common/webView', msg`Web page`),
  r('/pages/common/faq', msg`FAQ`),
  r('/pages/common/contactus', msg`Contact us`),
  r('/pages/common/aboutus', msg`About us`),
  r('/pages/common/borrowing', msg`Borrowing and repayment`),
  // setting
  r('/pages/setting/setting', msg`Settings`),
  r('/pages/setting/userInfo', msg`Profile`),
  r('/pages/setting/security', msg`Security`),
  r('/pages/setting/password', msg`Login password`),
  r('/pages/setting/payPassword', msg`Payment password`),
  r('/pages/setting/coupon', msg`Coupon centre`),
  r('/pages/setting/wallet', msg`Wallet addresses`),
  r('/pages/setting/bill', msg`Bills`),
  r('/pages/setting/real', msg`Identity verification`),
  r('/pages/setting/real_mark', msg`Verification status`),
  r('/pages/setting/addWallet', msg`Add wallet address`),
  r('/pages/setting/operational_compliance', msg`Operational compliance`),
  r('/pages/setting/share', msg`Share`),
  r('/pages/setting/areas', msg`Country or area`),
  r('/pages/setting/bank', msg`Bank card`),
  r('/pages/setting/bank_international', msg`International bank card`),
  r('/pages/setting/addEmail', msg`Bind email`),
  // fund
  r('/pages/fund/select', msg`Select currency`),
  r('/pages/fund/select_network', msg`Select network`),
  r('/pages/fund/receive', msg`Recharge`),
  r('/pages/fund/receive_withdraw_record', msg`Recharge and withdrawal records`),
  r('/pages/fund/withdraw', msg`Withdraw`),
  r('/pages/fund/assets', msg`Assets`, 'assets'),
  r('/pages/fund/assets_record', msg`Account changes`),
  r('/pages/fund/assets_all_record', msg`All records`),
  r('/pages/fund/transfer', msg`Exchange`),
  r('/pages/fund/fundTransfer', msg`Transfer`),
  r('/pages/fund/transfer_history', msg`Transfer history`),
  // market
  r('/pages/market/market', msg`Market`, 'market'),
  r('/pages/market/search', msg`Search`),
  // transaction
  r('/pages/transaction/index', msg`Trade`, 'trade'),
  r('/pages/transaction/index2', msg`Options`),
  r('/pages/transaction/currency', msg`Spot trading`),
  r('/pages/transaction/currency_order', msg`Spot orders`),
  r('/pages/transaction/contract', msg`Futures`),
  r('/pages/transaction/contract_order', msg`Futures orders`),
  r('/pages/transaction/seconds_order', msg`Options orders`),
  // copytrade
  r('/pages/copytrade/copy', msg`Copy trading`),
  r('/pages/copytrade/my', msg`My copy trading`),
  r('/pages/copytrade/trader', msg`Trader`),
  // follow
  r('/pages/follow/index', msg`Copy trading`),
  r('/pages/follow/trader', msg`Trader`),
  r('/pages/follow/follow', msg`Follow`),
  r('/pages/follow/agreement_zh', msg`Copy trading agreement`),
  r('/pages/follow/agreement_en', msg`Copy trading agreement`),
  // otc, ieo
  r('/pages/otc/otc', msg`OTC`),
  r('/pages/ieo/ieo', msg`IEO`),
  r('/pages/ieo/subscribe', msg`Subscribe`),
  r('/pages/ieo/order', msg`My subscriptions`),
  // invest
  r('/pages/invest/invest', msg`Dual investment`),
  r('/pages/invest/mine', msg`My investments`),
  r('/pages/invest/purchase', msg`Purchase`),
  r('/pages/invest/help', msg`Instructions`),
  // lockming
  r('/pages/lockming/lockming', msg`Lock mining`),
  r('/pages/lockming/buy', msg`Join mining`),
  r('/pages/lockming/order', msg`Locked positions`),
  r('/pages/lockming/welcome', msg`Lock mining`),
  // nft
  r('/pages/nft/nft', msg`NFT`),
  r('/pages/nft/artistDetail', msg`Artist`),
  r('/pages/nft/mine', msg`My NFT`),
  r('/pages/nft/components/artist', msg`Artists`),
  r('/pages/nft/components/artwork', msg`Artworks`),
  r('/pages/nft/artworkDetail', msg`Artwork`),
  r('/pages/nft/artworkDetail_video', msg`Artwork`),
  r('/pages/nft/purchase', msg`Purchase`),
  r('/pages/nft/purchase_one', msg`Purchase`),
  r('/pages/nft/components/search', msg`Search`),
  r('/pages/nft/components/collection', msg`Collection`),
  r('/pages/nft/resell', msg`Resell`),
  r('/pages/nft/myNft', msg`My NFT`),
  // single pages
  r('/pages/game/game', msg`Mini game`),
  r('/pages/kefu/index', msg`Customer service`),
  r('/uview-ui/nft/nft', msg`NFT`),
  r('/pages/quotation/index', msg`Quotes`),
  // The finance tab's target (SPEC.md section 2, tab table).
  r('/pages/financial/index', msg`Finance`, 'finance'),
];

/** The bottom tab bar, in order. */
export const TABS: readonly { key: TabKey; path: string; title: MessageDescriptor }[] = [
  { key: 'home', path: '/', title: msg`Home` },
  { key: 'market', path: '/pages/market/market', title: msg`Market` },
  { key: 'trade', path: '/pages/transaction/index', title: msg`Trade` },
  { key: 'finance', path: '/pages/financial/index', title: msg`Finance` },
  { key: 'assets', path: '/pages/fund/assets', title: msg`Assets` },
];

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

// Implemented pages, discovered from files: ./pages/<group>/<page>.tsx ↔ /pages/<group>/<page>.
const files = import.meta.glob<PageModule>(['./pages/**/*.tsx', './uview-ui/**/*.tsx', '!./**/*.test.tsx']);

/** Route path of a page file; home's file serves `/`. */
export function pathOfFile(file: string): string {
  const path = file.replace(/^\.\//, '/').replace(/\.tsx$/, '');
  return path === '/pages/index/index' ? '/' : path;
}

export const PAGE_LOADERS: ReadonlyMap<string, PageLoader> = new Map(
  Object.entries(files).map(([file, load]) => [pathOfFile(file), load]),
);

/** The loader of a route's page; home's alias shares home's chunk. */
export function loaderFor(path: string): PageLoader | undefined {
  return PAGE_LOADERS.get(path === '/pages/index/index' ? '/' : path);
}

/**
 * Every routable path: the SPEC routes plus any page file added beyond them (for example the
 * forgot-password screen), so adding a screen is adding its file.
 */
export function allRoutes(): RouteEntry[] {
  const known = new Set(ROUTES.map((e) => e.path));
  const extra = [...PAGE_LOADERS.keys()]
    .filter((p) => !known.has(p))
    .map((p) => r(p, msg`Page`));
  return [...ROUTES, ...extra];
}

export function findRoute(path: string): RouteEntry | undefined {
  return ROUTES.find((e) => e.path === path);
}
