import { pages, type NavTarget } from '../nav';
import { appStore, languageAtom, signOut, tokenAtom } from '../state';
import { toast, TOAST_MS } from '../toast';
import { LOADING_SPINNER_DELAY_MS } from './slow';

/** Timings of SPEC.md section 9. */
export const TIMING = {
  requestTimeoutMs: 60_000,
  loadingSpinnerMs: LOADING_SPINNER_DELAY_MS,
  toastMs: TOAST_MS,
  redirectMs: 1200,
  sessionExpiredRedirectMs: 3000,
} as const;

export const ROUTES = {
  login: pages.common.login,
  realName: pages.setting.real,
  addEmail: pages.setting.addEmail,
} as const;

/**
 * Everything the client does besides talking HTTP. The app wires the router and antd-mobile's
 * Toast at start; tests substitute recorders and fake timers.
 */
export interface HttpEffects {
  toast(message: string): void;
  navigate(target: NavTarget): void;
  /** The page shown now (`/pages/...?...`), so login can return to it. */
  currentHref(): string;
  clearSession(): void;
  schedule(fn: () => void, ms: number): void;
  getToken(): string;
  getLang(): string;
}

export interface HttpConfig extends HttpEffects {
  /** Prefix of every endpoint path (SPEC.md section 7: /api). */
  baseUrl: string;
  fetch: typeof globalThis.fetch;
  createXhr: () => XMLHttpRequest;
}

const defaults = (): HttpConfig => ({
  baseUrl: '/api',
  fetch: (...args) => globalThis.fetch(...args),
  createXhr: () => new XMLHttpRequest(),
  toast: (message) => toast(message),
  navigate: ({ to, search }) => {
    const query = new URLSearchParams(search as Record<string, string> | undefined).toString();
    window.location.hash = `#${to}${query ? `?${query}` : ''}`;
  },
  currentHref: () => window.location.hash.slice(1) || pages.home,
  clearSession: signOut,
  schedule: (fn, ms) => {
    setTimeout(fn, ms);
  },
  getToken: () => appStore.get(tokenAtom),
  getLang: () => appStore.get(languageAtom),
});

export let config: HttpConfig = defaults();

export function configureHttp(overrides: Partial<HttpConfig>): void {
  config = { ...config, ...overrides };
}

/** Back to the built-in behaviour; for tests. */
export function resetHttpConfig(): void {
  config = defaults();
}
