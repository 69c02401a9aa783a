/**
 * Every route of the app as a literal type, collected from the route groups (`routes/<name>.ts`,
 * one per group of SPEC.md section 2 and one per product added since). This list is the one
 * source of the route paths, their titles and their search parameters: the router builds a typed
 * route per path (so `navigate({to})` and `<Link to>` are checked), and features name their
 * targets through `pages` instead of writing path strings. A new product adds its group file and
 * one entry to `GROUPS`.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RouteGroup } from './route-group';
import { common } from './routes/common';
import { copytrade } from './routes/copytrade';
import { financial } from './routes/financial';
import { follow } from './routes/follow';
import { fund } from './routes/fund';
import { game } from './routes/game';
import { homeGroup } from './routes/home';
import { ieo } from './routes/ieo';
import { invest } from './routes/invest';
import { kefu } from './routes/kefu';
import { lockming } from './routes/lockming';
import { market } from './routes/market';
import { nft } from './routes/nft';
import { otc } from './routes/otc';
import { proof } from './routes/proof';
import { quotation } from './routes/quotation';
import { recurring } from './routes/recurring';
import { setting } from './routes/setting';
import { transaction } from './routes/transaction';

/** The groups in SPEC.md's order, then the products added since. */
const GROUPS = [
  homeGroup,
  common,
  setting,
  fund,
  market,
  transaction,
  copytrade,
  follow,
  otc,
  ieo,
  invest,
  lockming,
  nft,
  game,
  kefu,
  quotation,
  financial,
  recurring,
  proof,
] as const;

type Groups = (typeof GROUPS)[number];
type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (m: infer M) => void ? M : never;

/** Routes outside `/pages/<group>/<page>`: home and the NFT list's uni-app path. */
const OTHER_PATHS = { home: '/', uview: { nft: '/uview-ui/nft/nft' } } as const;

/** The routes by group and page: `pages.fund.withdraw` is `/pages/fund/withdraw`. */
export const pages = {
  ...OTHER_PATHS,
  ...Object.fromEntries(GROUPS.map((g) => [g.name, g.paths])),
} as typeof OTHER_PATHS & { readonly [G in Groups as G['name']]: G['paths'] };

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];

/** A registered route path. */
export type RoutePath = Leaves<typeof pages>;

/** Every registered route path: home first, then the groups in order. */
export const ROUTE_PATHS = [
  OTHER_PATHS.home,
  ...GROUPS.flatMap((g) => Object.values(g.paths)),
  OTHER_PATHS.uview.nft,
] as readonly RoutePath[];

const registered: ReadonlySet<string> = new Set(ROUTE_PATHS);

export const isRoutePath = (path: string): path is RoutePath => registered.has(path);

/** The title of every route: a "function in development" page shows it. Typed by path, so none is missing. */
export const ROUTE_TITLES = {
  [OTHER_PATHS.home]: msg`Home`,
  [OTHER_PATHS.uview.nft]: msg`NFT`,
  ...Object.assign({}, ...GROUPS.map((g) => g.titles)),
} as Readonly<Record<RoutePath, MessageDescriptor>>;

/** The search parameters of the routes that take them, validated when the router reads them. */
export const searchSchemas = Object.assign({}, ...GROUPS.map((g) => g.search)) as Merged<Groups['search']>;

// Every group is a RouteGroup (checked here, not by each file).
GROUPS satisfies readonly RouteGroup[];
