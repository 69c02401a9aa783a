import * as z from 'zod/mini';
import { isRoutePath, pages } from './paths';

/*
 * The search parameters each route accepts, as zod schemas the router validates with
 * (`validateSearch`). A link from elsewhere, a stale bookmark or a hand-typed hash may carry
 * anything: every field falls back (`catch`) instead of failing the page. zod/mini keeps this
 * small enough for the first route.
 */

/** A string that falls back to `fallback` when absent or invalid; optional when navigating. */
const withFallback = <const T extends string>(schema: z.ZodMiniType<T, T>, fallback: NoInfer<T>) =>
  z._default(z.catch(schema, fallback), fallback);

/** Absent or invalid reads as undefined. */
const optionalValid = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

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
  return url.origin === 'http://app.invalid' && isRoutePath(url.pathname) && !SIGN_IN_PATHS.has(url.pathname);
}

const redirectHref = z.string().check(z.refine(isSafeRedirect));

// Router search parsing turns JSON-looking values into numbers: an all-digit code arrives as one.
const inviteCode = z.pipe(
  z.union([z.string(), z.number()]),
  z.pipe(
    z.transform((v: string | number) => String(v).trim()),
    z.string().check(z.regex(/^[A-Za-z0-9]{1,32}$/)),
  ),
);

/** Coin selection leads on to recharge (`receive`) or withdraw. */
export const SELECT_NEXT = ['receive', 'withdraw'] as const;
export type SelectNext = (typeof SELECT_NEXT)[number];

/** Tabs of the trade screen (SPEC.md section 2: favorites, coins, futures, stock). */
export const TRADE_TABS = ['favorites', 'coin', 'futures', 'stock'] as const;

export const DEFAULT_SYMBOL = 'BTC/USDT';

export const searchSchemas = {
  [pages.common.login]: z.object({ redirect: optionalValid(redirectHref) }),
  [pages.common.register]: z.object({ code: optionalValid(inviteCode), extension_code: optionalValid(inviteCode) }),
  [pages.fund.select]: z.object({ next: withFallback(z.enum(SELECT_NEXT), 'receive') }),
  [pages.transaction.index]: z.object({ tab: optionalValid(z.enum(TRADE_TABS)) }),
  [pages.quotation.index]: z.object({
    symbol: withFallback(z.string().check(z.regex(/^[A-Za-z0-9]{1,16}\/[A-Za-z0-9]{1,16}$/)), DEFAULT_SYMBOL),
  }),
} as const;

export type SearchSchemas = typeof searchSchemas;
/** What navigating to a route may pass as `search`. */
export type SearchInput<P extends keyof SearchSchemas> = z.input<SearchSchemas[P]>;
/** What a route's page reads from its validated search. */
export type SearchOutput<P extends keyof SearchSchemas> = z.output<SearchSchemas[P]>;
