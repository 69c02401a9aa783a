import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { ReplyType } from '@contract/envelope';
import { loginTarget, type NavTarget } from '../nav';
import { config, ROUTES, TIMING } from './effects';

/**
 * A rejected call. `type` is the reply type ("error", "999", ...) or, for failures before a reply,
 * "http" (non-200 status), "network", "timeout", "aborted" or "invalid" (not an envelope).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly type: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface SettleOptions {
  /** Skip the toast of plain failures (background refreshes); the catalogue redirects still run. */
  silent?: boolean;
}

// One redirect at a time: several calls failing with 999 together must not queue several.
let redirectPending = false;

function redirectLater(target: NavTarget, ms: number) {
  if (redirectPending) return;
  redirectPending = true;
  config.schedule(() => {
    redirectPending = false;
    config.navigate(target);
  }, ms);
}

/** For tests that abandon a pending redirect when they reset fake timers. */
export function resetRedirects(): void {
  redirectPending = false;
}

// The reply types of contract/envelope.ts, typed against it; a type-only import keeps zod (which
// that module also loads) out of the first bundle.
const REPLY_TYPE = {
  ok: 'ok',
  sessionInvalid: '999',
  realNameRequired: '998',
  advancedRealNameRequired: '996',
  emailRequired: '997',
} as const satisfies Record<string, ReplyType>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Resolves once a language is active. The requests the app starts beside its scripts (the site
 * config, the quotes) can fail before main.tsx has activated the stored language: offline, a fetch
 * fails at once. Their message is written in that language, and Lingui throws when asked for a
 * translation before any is active, so a failure waits for it.
 */
export function localeActive(): Promise<void> {
  if (i18n.locale) return Promise.resolve();
  return new Promise((resolve) => {
    const off = i18n.on('change', () => {
      off();
      resolve();
    });
  });
}

/** A reply the catalogue accepts (`settle` returns its message). */
export function accepted(body: unknown): boolean {
  // Loose comparison on purpose: some replies carry code as the string "1".
  return isRecord(body) && (body.type === REPLY_TYPE.ok || body.code == 1);
}

/**
 * The error catalogue of SPEC.md section 8 applied to a parsed 200 reply. Returns the accepted
 * `message`, or throws ApiError after the catalogue's side effects.
 */
export function settle(body: unknown, options: SettleOptions = {}): unknown {
  if (!isRecord(body)) throw fail('invalid', t`Unexpected reply from the server`, options);
  if (accepted(body)) return 'message' in body ? body.message : body.data;
  const type = String(body.type ?? 'error');
  const message = typeof body.message === 'string' && body.message ? body.message : t`Request failed`;
  switch (type) {
    case REPLY_TYPE.sessionInvalid:
      config.toast(message);
      config.clearSession();
      redirectLater(loginTarget(config.currentHref()), TIMING.sessionExpiredRedirectMs);
      break;
    case REPLY_TYPE.realNameRequired:
    case REPLY_TYPE.advancedRealNameRequired:
      config.toast(message);
      redirectLater({ to: ROUTES.realName }, TIMING.redirectMs);
      break;
    case REPLY_TYPE.emailRequired:
      config.toast(message);
      redirectLater({ to: ROUTES.addEmail }, TIMING.redirectMs);
      break;
    default:
      if (!options.silent) config.toast(message);
  }
  throw new ApiError(type, message);
}

/** Builds the rejection of a failure that has no envelope, toasting unless silent. */
export function fail(type: string, message: string, options: SettleOptions = {}, status?: number) {
  if (!options.silent) config.toast(message);
  return new ApiError(type, message, status);
}

export const messages = {
  network: () => t`Network error. Please check your connection and try again.`,
  timeout: () => t`The request timed out. Please try again.`,
  status: (status: number) => t`Server error (${status}). Please try again later.`,
  loginFirst: () => t`Please log in first`,
};
