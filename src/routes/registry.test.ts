import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isRoutePath, ROUTE_TITLES, TABS, type RoutePath } from '@/lib/nav';
import { catalogsOf, findRoute, loaderFor, ROUTES } from './registry';
import { pathOfFile, PAGE_LOADERS } from './pages';

/** SPEC.md section 2, transcribed: every route must be registered at exactly this path. */
const SPEC_ROUTES = [
  ...['login', 'register', 'area', 'article', 'webView', 'faq', 'contactus', 'aboutus', 'borrowing'].map(
    (p) => `/pages/common/${p}`,
  ),
  ...[
    'setting',
    'userInfo',
    'security',
    'password',
    'payPassword',
    'coupon',
    'wallet',
    'bill',
    'real',
    'real_mark',
    'addWallet',
    'operational_compliance',
    'share',
    'areas',
    'bank',
    'bank_international',
    'addEmail',
  ].map((p) => `/pages/setting/${p}`),
  ...[
    'select',
    'select_network',
    'receive',
    'receive_withdraw_record',
    'withdraw',
    'assets',
    'assets_record',
    'assets_all_record',
    'transfer',
    'fundTransfer',
    'transfer_history',
  ].map((p) => `/pages/fund/${p}`),
  '/pages/market/market',
  '/pages/market/search',
  ...['index', 'index2', 'currency', 'currency_order', 'contract', 'contract_order', 'seconds_order'].map(
    (p) => `/pages/transaction/${p}`,
  ),
  ...['copy', 'my', 'trader'].map((p) => `/pages/copytrade/${p}`),
  ...['index', 'trader', 'follow', 'agreement_zh', 'agreement_en'].map((p) => `/pages/follow/${p}`),
  '/pages/otc/otc',
  ...['ieo', 'subscribe', 'order'].map((p) => `/pages/ieo/${p}`),
  ...['invest', 'mine', 'purchase', 'help'].map((p) => `/pages/invest/${p}`),
  ...['lockming', 'buy', 'order', 'welcome'].map((p) => `/pages/lockming/${p}`),
  ...[
    'nft',
    'artistDetail',
    'mine',
    'components/artist',
    'components/artwork',
    'artworkDetail',
    'artworkDetail_video',
    'purchase',
    'purchase_one',
    'components/search',
    'components/collection',
    'resell',
    'myNft',
  ].map((p) => `/pages/nft/${p}`),
  '/pages/game/game',
  '/pages/kefu/index',
  '/uview-ui/nft/nft',
  '/pages/quotation/index',
  '/pages/index/index',
  '/pages/financial/index',
  '/',
];

describe('route registry', () => {
  const paths: string[] = ROUTES.map((r) => r.path);

  it('registers every route of SPEC.md section 2', () => {
    expect(SPEC_ROUTES.filter((p) => !paths.includes(p))).toEqual([]);
  });

  // Beyond SPEC.md's routes, a path is a screen of the app (a product's own pages, the ones its
  // notifications open): declared by its route group and drawn by its page file, never a bare path.
  it('registers beyond them only paths with a screen', () => {
    const tabs = new Set<string>(TABS.map((t) => t.path));
    const bare = paths.filter((p) => !SPEC_ROUTES.includes(p) && !tabs.has(p) && !PAGE_LOADERS.has(p as RoutePath));
    expect(bare).toEqual([]);
  });

  it('has no duplicates', () => {
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('marks exactly the five tab pages', () => {
    expect(TABS.map((t) => t.path)).toEqual([
      '/',
      '/pages/market/market',
      '/pages/transaction/index',
      '/pages/financial/index',
      '/pages/fund/assets',
    ]);
    for (const tab of TABS) expect(findRoute(tab.path)?.tab).toBe(tab.key);
    expect(findRoute('/pages/index/index')?.tab).toBe('home');
    expect(
      ROUTES.filter((r) => r.tab)
        .map((r) => r.path)
        .sort(),
    ).toEqual([...TABS.map((t) => t.path), '/pages/index/index'].sort());
  });

  it('maps page files to routes', () => {
    expect(pathOfFile('./pages/common/login.tsx')).toBe('/pages/common/login');
    expect(pathOfFile('./pages/nft/components/artwork.tsx')).toBe('/pages/nft/components/artwork');
    expect(pathOfFile('./pages/index/index.tsx')).toBe('/');
    expect(pathOfFile('./uview-ui/nft/nft.tsx')).toBe('/uview-ui/nft/nft');
  });

  it('loads home from its file for both of its paths', () => {
    const fallback = () => Promise.resolve({ default: () => null });
    expect(loaderFor('/', fallback)).toBeTypeOf('function');
    expect(loaderFor('/pages/index/index', fallback)).toBe(loaderFor('/', fallback));
  });

  it('looks other pages up in the page table: a route without a file gets the fallback', async () => {
    const Fallback = () => null;
    const fallback = () => Promise.resolve({ default: Fallback });
    expect(PAGE_LOADERS.get('/pages/common/login')).toBeTypeOf('function');
    expect((await loaderFor('/pages/none/none' as RoutePath, fallback)()).default).toBe(Fallback);
  });

  it('keeps home out of the page table: the table is not needed for the first route', () => {
    expect(PAGE_LOADERS.has('/')).toBe(false);
    expect(PAGE_LOADERS.has('/pages/index/index')).toBe(false);
  });

  it('loads the tabs from their own loaders, not from the page table', () => {
    const fallback = () => Promise.resolve({ default: () => null });
    for (const { path } of TABS) {
      expect(PAGE_LOADERS.has(path), path).toBe(false);
      expect(loaderFor(path, fallback), path).toBe(loaderFor(path, fallback));
    }
  });

  it("lists, for each tab but home, the catalogs its features' entry modules wait for", () => {
    const source = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
    const entryOf = (specifier: string) =>
      ['.ts', '/index.ts']
        .map((end) => `../${specifier.replace('@/', '')}${end}`)
        .find((f) => existsSync(new URL(f, import.meta.url)));
    for (const { path } of TABS.filter((t) => t.path !== '/')) {
      const features = [...source(`.${path}.tsx`).matchAll(/from '(@\/features\/[^']+)'/g)].map((m) => m[1]!);
      const awaited = features.flatMap((f) =>
        [...source(entryOf(f)!).matchAll(/await loadCatalog\('([^']+)'\)/g)].map((m) => m[1]!),
      );
      expect([...catalogsOf(path)].sort(), path).toEqual([...new Set(awaited)].sort());
    }
    expect(catalogsOf('/pages/common/login')).toEqual([]);
  });

  it('routes every page file: a screen is its file plus its path in @/lib/nav', () => {
    const unrouted = [...PAGE_LOADERS.keys()].filter((p) => !isRoutePath(p));
    expect(unrouted).toEqual([]);
  });

  it('titles every route', () => {
    for (const route of ROUTES) expect(ROUTE_TITLES[route.path].id).toBeTruthy();
  });
});
