/**
 * Every route of the app as a literal type. This list is the one source of the route paths: the
 * router builds a typed route per path (so `navigate({to})` and `<Link to>` are checked), and
 * features name their targets through `pages` instead of writing path strings.
 */

/** `/pages/<group>/<name>` for each name, keyed by name: `group('fund', ['assets'])` → `{assets: '/pages/fund/assets'}`. */
function group<const G extends string, const N extends readonly string[]>(
  name: G,
  pageNames: N,
): { readonly [K in N[number]]: `/pages/${G}/${K}` } {
  return Object.fromEntries(pageNames.map((p) => [p, `/pages/${name}/${p}`])) as {
    readonly [K in N[number]]: `/pages/${G}/${K}`;
  };
}

/** The routes of SPEC.md section 2 by group and page: `pages.fund.withdraw` is `/pages/fund/withdraw`. */
export const pages = {
  /** The entry page; `/pages/index/index` shows the same screen. */
  home: '/',
  index: group('index', ['index']),
  // `forget` is not in SPEC.md's list, which names the flow but not its page.
  common: group('common', [
    'login',
    'register',
    'area',
    'forget',
    'article',
    'webView',
    'faq',
    'contactus',
    'aboutus',
    'borrowing',
    // The "this wasn't me" link of a new-device alert (not in SPEC.md's list).
    'not_me',
  ]),
  setting: group('setting', [
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
    'alerts',
  ]),
  fund: group('fund', [
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
  ]),
  market: group('market', ['market', 'search']),
  transaction: group('transaction', [
    'index',
    'index2',
    'currency',
    'currency_order',
    'contract',
    'contract_order',
    'seconds_order',
  ]),
  copytrade: group('copytrade', ['copy', 'my', 'trader']),
  follow: group('follow', ['index', 'trader', 'follow', 'agreement_zh', 'agreement_en']),
  otc: group('otc', ['otc', 'order']),
  ieo: group('ieo', ['ieo', 'subscribe', 'order']),
  invest: group('invest', ['invest', 'mine', 'purchase', 'help']),
  lockming: group('lockming', ['lockming', 'buy', 'order', 'welcome']),
  nft: group('nft', [
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
  ]),
  game: group('game', ['game']),
  kefu: group('kefu', ['index']),
  // Referenced as the home tab's back target and used for a pair's quote screen.
  quotation: group('quotation', ['index']),
  // The finance tab's target (SPEC.md section 2, tab table).
  financial: group('financial', ['index']),
  uview: { nft: '/uview-ui/nft/nft' },
  // Recurring buys: the user's plans, a new plan, one plan's runs (not in SPEC.md's list).
  recurring: group('recurring', ['index', 'create', 'detail']),
  // Proof of liabilities: published snapshots and the verifier (not in SPEC.md's list).
  proof: group('proof', ['proof', 'verify', 'record']),
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];

/** A registered route path. */
export type RoutePath = Leaves<typeof pages>;

const leaves = (node: unknown): string[] =>
  typeof node === 'string' ? [node] : Object.values(node as Record<string, unknown>).flatMap(leaves);

/** Every registered route path, in SPEC.md's order. */
export const ROUTE_PATHS = leaves(pages) as readonly RoutePath[];

const registered: ReadonlySet<string> = new Set(ROUTE_PATHS);

export const isRoutePath = (path: string): path is RoutePath => registered.has(path);
