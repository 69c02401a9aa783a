import { isRoutePath } from './paths';

/** The back-office console (`/admin`, `/admin/<section>`), outside SPEC.md's route list. */
const CONSOLE_PATH = /^\/admin(?:\/[\w-]{1,40})?$/;

// Routes that sign a visitor in: never a place to return to after signing in. Spelled out, not
// read from `pages`: the login route's search validator (routes/common.ts) needs this module
// while `pages` is still being built.
const SIGN_IN_PATHS: ReadonlySet<string> = new Set([
  '/pages/common/login',
  '/pages/common/register',
  '/pages/common/forget',
]);

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
