import { isRoutePath, pages } from './paths';

/*
 * The search parameters each route accepts, validated when the router reads them
 * (`validateSearch`). A link from elsewhere, a stale bookmark or a hand-typed hash may carry
 * anything: every field falls back instead of failing the page. Plain functions behind the
 * Standard Schema interface the router reads (so `to` and `search` stay typed): a schema library
 * here would put its whole core on the first route, shared with the contract's zod.
 */

type Raw = Record<string, unknown>;

/** A route's search validator: `parse` for code, `~standard` for the router's types. */
export interface SearchValidator<In, Out> {
  parse(input: unknown): Out;
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'h5';
    validate(input: unknown): { value: Out };
    readonly types?: { readonly input: In; readonly output: Out };
  };
}

function searchValidator<In, Out>(read: (raw: Raw) => Out): SearchValidator<In, Out> {
  const parse = (input: unknown) => read(typeof input === 'object' && input !== null ? (input as Raw) : {});
  return { parse, '~standard': { version: 1, vendor: 'h5', validate: (input) => ({ value: parse(input) }) } };
}

/** The value when it is one of `options`, else undefined. */
const oneOf = <T extends string>(options: readonly T[], value: unknown): T | undefined =>
  options.find((option) => option === value);

const matching = (pattern: RegExp, value: unknown): string | undefined =>
  typeof value === 'string' && pattern.test(value) ? value : undefined;

/** Only the keys that hold a value: an absent field is absent, not `undefined`. */
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** The back-office console (`/admin`, `/admin/<section>`), outside SPEC.md's route list. */
const CONSOLE_PATH = /^\/admin(?:\/[\w-]{1,40})?$/;

// Routes that sign a visitor in: never a place to return to after signing in.
const SIGN_IN_PATHS: ReadonlySet<string> = new Set([pages.common.login, pages.common.register, pages.common.forget]);

/**
 * Where to go after signing in: an in-app href (`/pages/...`, optionally with a query) of a
 * registered route other than the sign-in screens. Anything else (other origins, `//host`,
 * unknown paths) is refused so a crafted link cannot send the user elsewhere.
 */
export function isSafeRedirect(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//') || href.includes('\\')) return false;
  const url = new URL(href, 'http://app.invalid');
  const known = isRoutePath(url.pathname) || CONSOLE_PATH.test(url.pathname);
  return url.origin === 'http://app.invalid' && known && !SIGN_IN_PATHS.has(url.pathname);
}

// Router search parsing turns JSON-looking values into numbers: an all-digit code arrives as one.
const inviteCode = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number'
    ? matching(/^[A-Za-z0-9]{1,32}$/, String(value).trim())
    : undefined;

/**
 * Views of the settings page: the notification centre and the notification settings (SPEC.md
 * lists "system notifications" and "notifications" among settings but names no route for them).
 */
export const SETTING_VIEWS = ['notifications', 'notification_settings'] as const;
export type SettingView = (typeof SETTING_VIEWS)[number];

/** Views of the share page: the invitation (code, link, QR, poster), rebate records, the team. */
export const SHARE_VIEWS = ['invite', 'rebate', 'team'] as const;
export type ShareView = (typeof SHARE_VIEWS)[number];

/** Views of the customer-service page: the public chat room (SPEC.md names no route of its own). */
export const KEFU_VIEWS = ['chat'] as const;
export type KefuView = (typeof KEFU_VIEWS)[number];

/** Coin selection leads on to recharge (`receive`) or withdraw. */
export const SELECT_NEXT = ['receive', 'withdraw'] as const;
export type SelectNext = (typeof SELECT_NEXT)[number];

/** Tabs of the trade screen (SPEC.md section 2: favorites, coins, futures, stock). */
/** The side the spot trade form opens on (a pair page's Buy or Sell leads there). */
export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

export const TRADE_TABS = ['favorites', 'coin', 'futures', 'stock'] as const;
export type TradeTab = (typeof TRADE_TABS)[number];

/** Tabs of the spot orders page (SPEC.md section 4, "Entrust: in progress, complete"), then stop orders. */
export const ENTRUST_TABS = ['in_progress', 'complete', 'conditional'] as const;
export type EntrustTab = (typeof ENTRUST_TABS)[number];

/** Tabs of the seconds-contract orders page (SPEC.md section 4, "Seconds orders: holding, history"). */
export const SECONDS_ORDER_TABS = ['holding', 'history'] as const;
export type SecondsOrderTab = (typeof SECONDS_ORDER_TABS)[number];

export const DEFAULT_SYMBOL = 'BTC/USDT';

/** Tabs of the futures orders page: open positions, pending (limit) orders, closed history. */
export const FUTURES_ORDER_TABS = ['positions', 'pending', 'history'] as const;
export type FuturesOrderTab = (typeof FUTURES_ORDER_TABS)[number];

/** A settled thing's record reference: `seconds:42`, `futures:7`, `spot_trade:9`. */
const SETTLEMENT_REF = /^[a-z_]{1,20}:\d{1,19}$/;
const SYMBOL = /^[A-Za-z0-9]{1,16}\/[A-Za-z0-9]{1,16}$/;

/** Tabs of my copy trading: active follows, past follows, open copies, copy history. */
export const COPY_TABS = ['following', 'follows_history', 'copies', 'copies_history'] as const;
export type CopyTab = (typeof COPY_TABS)[number];

/** States of the dual invest orders page (SPEC.md section 4; the same words as contract/invest.ts). */
export const INVEST_STATES = ['purchased', 'settling', 'completed', 'failed'] as const;
export type InvestState = (typeof INVEST_STATES)[number];

// Router search parsing turns all-digit values into numbers; a hand-typed id may arrive as either.
const positiveId = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : undefined;
};

/** Tabs of the lock-mining orders page (SPEC.md section 4: in progress, redeemed). */
/** The tabs of `common/borrowing`: the loan products and calculator, the user's loans. */
export const LOAN_TABS = ['borrow', 'mine'] as const;
export type LoanTab = (typeof LOAN_TABS)[number];

export const LOCK_ORDER_TABS = ['in_progress', 'redeemed'] as const;
export type LockOrderTab = (typeof LOCK_ORDER_TABS)[number];

/** Tabs of the NFT centre (`nft/mine`): messages, orders to pay, bid records, favorites. */
export const NFT_MINE_TABS = ['messages', 'pay', 'bids', 'favorites'] as const;
export type NftMineTab = (typeof NFT_MINE_TABS)[number];

const nftId = searchValidator<{ id?: number }, { id?: number }>((raw) => defined({ id: positiveId(raw.id) }));
// Artwork filters are checked against the contract's words by the NFT feature.
const nftWord = (value: unknown): string | undefined => matching(/^[a-z_]{1,16}$/, value);

/**
 * Views of the OTC page: the ads market, my orders, the merchant's application and ads, the ad
 * form (`id` to edit one). One order has its own route, `otc/order?id=`.
 */
export const OTC_VIEWS = ['market', 'orders', 'merchant', 'ad'] as const;
export type OtcView = (typeof OTC_VIEWS)[number];
export const OTC_SIDES = ['buy', 'sell'] as const;
export type OtcSide = (typeof OTC_SIDES)[number];
/** The coins OTC trades (the contract's OTC_COINS; the router does not import the contract). */
export const OTC_COIN_NAMES = ['USDT', 'BTC', 'ETH'] as const;
export type OtcCoinName = (typeof OTC_COIN_NAMES)[number];

/** Info pages the web view shows (`webView?page=`), the same keys as the content API's pages. */
export const WEB_VIEW_PAGES = ['aboutus', 'contactus', 'operational_compliance'] as const;
export type WebViewPage = (typeof WEB_VIEW_PAGES)[number];

export const searchSchemas = {
  // Without an id the article route is the news list.
  [pages.common.article]: searchValidator<{ id?: number }, { id?: number }>((raw) =>
    defined({ id: positiveId(raw.id) }),
  ),
  [pages.common.webView]: searchValidator<{ page?: WebViewPage; id?: number }, { page?: WebViewPage; id?: number }>(
    (raw) => defined({ page: oneOf(WEB_VIEW_PAGES, raw.page), id: positiveId(raw.id) }),
  ),
  [pages.common.login]: searchValidator<{ redirect?: string }, { redirect?: string }>((raw) =>
    defined({ redirect: typeof raw.redirect === 'string' && isSafeRedirect(raw.redirect) ? raw.redirect : undefined }),
  ),
  [pages.common.register]: searchValidator<
    { code?: string | number; extension_code?: string | number },
    { code?: string; extension_code?: string }
  >((raw) => defined({ code: inviteCode(raw.code), extension_code: inviteCode(raw.extension_code) })),
  // A "this wasn't me" link's token: 43 URL-safe characters, else nothing.
  [pages.common.not_me]: searchValidator<{ token?: string }, { token?: string }>((raw) =>
    defined({ token: matching(/^[\w-]{43}$/, raw.token) }),
  ),
  [pages.setting.setting]: searchValidator<{ view?: SettingView }, { view?: SettingView }>((raw) =>
    defined({ view: oneOf(SETTING_VIEWS, raw.view) }),
  ),
  [pages.setting.share]: searchValidator<{ view?: ShareView }, { view: ShareView }>((raw) => ({
    view: oneOf(SHARE_VIEWS, raw.view) ?? 'invite',
  })),
  [pages.kefu.index]: searchValidator<{ view?: KefuView }, { view?: KefuView }>((raw) =>
    defined({ view: oneOf(KEFU_VIEWS, raw.view) }),
  ),
  [pages.fund.select]: searchValidator<{ next?: SelectNext }, { next: SelectNext }>((raw) => ({
    next: oneOf(SELECT_NEXT, raw.next) ?? 'receive',
  })),
  [pages.transaction.index]: searchValidator<{ tab?: TradeTab }, { tab?: TradeTab }>((raw) =>
    defined({ tab: oneOf(TRADE_TABS, raw.tab) }),
  ),
  [pages.transaction.currency]: searchValidator<
    { symbol?: string; side?: OrderSide },
    { symbol: string; side?: OrderSide }
  >((raw) => ({
    symbol: matching(SYMBOL, raw.symbol) ?? DEFAULT_SYMBOL,
    ...defined({ side: oneOf(ORDER_SIDES, raw.side) }),
  })),
  [pages.transaction.currency_order]: searchValidator<
    { symbol?: string; state?: EntrustTab },
    { symbol?: string; state: EntrustTab }
  >((raw) => ({
    ...defined({ symbol: matching(SYMBOL, raw.symbol) }),
    state: oneOf(ENTRUST_TABS, raw.state) ?? 'in_progress',
  })),
  [pages.transaction.index2]: searchValidator<{ symbol?: string }, { symbol: string }>((raw) => ({
    symbol: matching(SYMBOL, raw.symbol) ?? DEFAULT_SYMBOL,
  })),
  [pages.transaction.seconds_order]: searchValidator<
    { symbol?: string; state?: SecondsOrderTab },
    { symbol?: string; state: SecondsOrderTab }
  >((raw) => ({
    ...defined({ symbol: matching(SYMBOL, raw.symbol) }),
    state: oneOf(SECONDS_ORDER_TABS, raw.state) ?? 'holding',
  })),
  [pages.transaction.contract]: searchValidator<{ symbol?: string }, { symbol: string }>((raw) => ({
    symbol: matching(SYMBOL, raw.symbol) ?? DEFAULT_SYMBOL,
  })),
  [pages.transaction.contract_order]: searchValidator<
    { symbol?: string; tab?: FuturesOrderTab },
    { symbol?: string; tab: FuturesOrderTab }
  >((raw) => ({
    ...defined({ symbol: matching(SYMBOL, raw.symbol) }),
    tab: oneOf(FUTURES_ORDER_TABS, raw.tab) ?? 'positions',
  })),
  [pages.follow.trader]: searchValidator<{ id?: number }, { id?: number }>((raw) =>
    defined({ id: positiveId(raw.id) }),
  ),
  [pages.follow.follow]: searchValidator<{ id?: number }, { id?: number }>((raw) =>
    defined({ id: positiveId(raw.id) }),
  ),
  [pages.ieo.subscribe]: searchValidator<{ id?: number }, { id?: number }>((raw) =>
    defined({ id: positiveId(raw.id) }),
  ),
  [pages.copytrade.my]: searchValidator<{ tab?: CopyTab }, { tab: CopyTab }>((raw) => ({
    tab: oneOf(COPY_TABS, raw.tab) ?? 'following',
  })),
  [pages.invest.invest]: searchValidator<{ currency_id?: number }, { currency_id: number }>((raw) => ({
    currency_id: positiveId(raw.currency_id) ?? 1,
  })),
  [pages.invest.purchase]: searchValidator<{ id?: number }, { id?: number }>((raw) =>
    defined({ id: positiveId(raw.id) }),
  ),
  [pages.invest.mine]: searchValidator<{ state?: InvestState }, { state: InvestState }>((raw) => ({
    state: oneOf(INVEST_STATES, raw.state) ?? 'purchased',
  })),
  [pages.proof.record]: searchValidator<{ ref?: string }, { ref?: string }>((raw) =>
    defined({ ref: matching(SETTLEMENT_REF, raw.ref) }),
  ),
  [pages.proof.verify]: searchValidator<{ id?: number }, { id?: number }>((raw) => defined({ id: positiveId(raw.id) })),
  [pages.common.borrowing]: searchValidator<{ tab?: LoanTab }, { tab: LoanTab }>((raw) => ({
    tab: oneOf(LOAN_TABS, raw.tab) ?? 'borrow',
  })),
  [pages.recurring.detail]: searchValidator<{ id?: number }, { id?: number }>((raw) =>
    defined({ id: positiveId(raw.id) }),
  ),
  [pages.lockming.buy]: searchValidator<{ id?: number }, { id?: number }>((raw) => defined({ id: positiveId(raw.id) })),
  [pages.lockming.order]: searchValidator<{ state?: LockOrderTab }, { state: LockOrderTab }>((raw) => ({
    state: oneOf(LOCK_ORDER_TABS, raw.state) ?? 'in_progress',
  })),
  [pages.nft.artworkDetail]: nftId,
  [pages.nft.artworkDetail_video]: nftId,
  // The payment notices of web push open `purchase?order_id=`: the route sends them to the orders to pay.
  [pages.nft.purchase]: searchValidator<{ id?: number; order_id?: number }, { id?: number; order_id?: number }>((raw) =>
    defined({ id: positiveId(raw.id), order_id: positiveId(raw.order_id) }),
  ),
  [pages.nft.purchase_one]: nftId,
  [pages.nft.resell]: nftId,
  [pages.nft['components/collection']]: nftId,
  [pages.nft.artistDetail]: searchValidator<{ uid?: number }, { uid?: number }>((raw) =>
    defined({ uid: positiveId(raw.uid) }),
  ),
  [pages.nft['components/artwork']]: searchValidator<
    { type?: string; mode?: string },
    { type?: string; mode?: string }
  >((raw) => defined({ type: nftWord(raw.type), mode: nftWord(raw.mode) })),
  [pages.nft['components/search']]: searchValidator<{ q?: string }, { q: string }>((raw) => ({
    q: typeof raw.q === 'string' || typeof raw.q === 'number' ? String(raw.q).slice(0, 64) : '',
  })),
  [pages.nft.mine]: searchValidator<{ tab?: NftMineTab }, { tab: NftMineTab }>((raw) => ({
    tab: oneOf(NFT_MINE_TABS, raw.tab) ?? 'messages',
  })),
  [pages.otc.otc]: searchValidator<
    { view?: OtcView; id?: number; side?: OtcSide; coin?: OtcCoinName },
    { view: OtcView; id?: number; side: OtcSide; coin: OtcCoinName }
  >((raw) => ({
    view: oneOf(OTC_VIEWS, raw.view) ?? 'market',
    ...defined({ id: positiveId(raw.id) }),
    side: oneOf(OTC_SIDES, raw.side) ?? 'buy',
    coin: oneOf(OTC_COIN_NAMES, raw.coin) ?? 'USDT',
  })),
  [pages.otc.order]: searchValidator<{ id?: number }, { id?: number }>((raw) => defined({ id: positiveId(raw.id) })),
  [pages.quotation.index]: searchValidator<{ symbol?: string }, { symbol: string }>((raw) => ({
    symbol: matching(SYMBOL, raw.symbol) ?? DEFAULT_SYMBOL,
  })),
} as const;

export type SearchSchemas = typeof searchSchemas;
/** What navigating to a route may pass as `search`. */
export type SearchInput<P extends keyof SearchSchemas> = NonNullable<SearchSchemas[P]['~standard']['types']>['input'];
/** What a route's page reads from its validated search. */
export type SearchOutput<P extends keyof SearchSchemas> = ReturnType<SearchSchemas[P]['parse']>;
