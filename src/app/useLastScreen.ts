import { useEffect, useLayoutEffect } from 'react';
import { useAtomValue } from 'jotai';
import { t } from '@lingui/core/macro';
import { BCP47, toLocale } from '@contract/domain/locales';
import { i18n } from '@/lib/i18n';
import {
  LAST_SCREEN_FORMAT,
  LAST_SCREEN_ID,
  LAST_SCREEN_MAX_RULES_CHARS,
  LAST_SCREEN_STYLES_ATTRIBUTE,
  accountOf,
  captureRoot,
  removeLastScreen,
  saveLastScreen,
  styleSheetsOf,
  usedRules,
  type LastScreen,
} from '@/lib/last-screen';
import { appStore, languageAtom, localStorageOrNull, tokenAtom, userAtom } from '@/lib/state';
import type { TabPagePath } from '@/routes/tab-pages';

/**
 * The five tabs whose last screen index.html paints at a warm start, each with its figure: the
 * page is kept once this is drawn with a digit (bench/network.ts waits for the same ones).
 */
const FIGURES = {
  '/': '[data-testid="home-quotes"] [data-testid="quote-row"]',
  '/pages/market/market': '[data-testid="quote-row"]',
  '/pages/transaction/index': '[data-testid="bid-level"]',
  '/pages/fund/assets': '[data-testid="total-fiat"]',
  '/pages/financial/index': '[data-testid="finance-lock"]',
} as const satisfies Record<'/' | TabPagePath, string>;
const TABS = Object.keys(FIGURES);

/** After the page changed, its figures settle this long before it is kept (quotes tick on). */
const SETTLE_MS = 1_000;
/** Then kept again at most this often while shown; always when the app is hidden. */
const SAVE_GAP_MS = 15_000;

/** Whose page and in which language React rendered it: the values its last commit read. */
interface Rendered {
  account: string | null;
  language: string;
}

/**
 * Keeps the tab's page as rendered now, when it shows its figure and the store still holds the
 * account and language it was rendered with: a sign-out (here or in another window) or a new
 * language changes the store before React redraws, and that page must not be kept under them.
 */
function saveNow(path: keyof typeof FIGURES, rendered: Rendered): boolean {
  const { account, language } = rendered;
  const locale = toLocale(language);
  const root = document.getElementById('root');
  const storage = localStorageOrNull();
  if (
    account === null ||
    account !== accountOf(appStore.get(tokenAtom), appStore.get(userAtom)) ||
    language !== appStore.get(languageAtom) ||
    // While a new language's catalog loads, the page still speaks the old one.
    i18n.locale !== locale ||
    !root ||
    !storage
  )
    return false;
  const html = captureRoot(root, FIGURES[path]);
  if (html === null) return false;
  const when = '{when}';
  const rules = usedRules(document, root);
  const entry: LastScreen = {
    v: LAST_SCREEN_FORMAT,
    html,
    css: styleSheetsOf(document),
    ...(rules.length <= LAST_SCREEN_MAX_RULES_CHARS && { rules }),
    locale: language,
    lang: BCP47[locale],
    account,
    at: Date.now(),
    saved: t`As of ${when}`,
    updating: t`Refreshing`,
    offline: t`Offline: as of ${when}`,
  };
  return saveLastScreen(storage, path, entry, TABS) === 'saved';
}

const isTab = (path: string | undefined): path is keyof typeof FIGURES => path !== undefined && TABS.includes(path);

/**
 * Keeps the shown tab's page for index.html to paint at the next start: once its figure has been
 * drawn and settled, again after later changes (at most every 15 s), and whenever the app is hidden
 * or left (a reload, a switch of apps, a close), so a relaunch shows what was last seen.
 */
export function useLastScreen(pathname: string | undefined): void {
  const account = accountOf(useAtomValue(tokenAtom), useAtomValue(userAtom));
  const language = useAtomValue(languageAtom);
  useEffect(() => {
    const root = document.getElementById('root');
    if (!isTab(pathname) || !root) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let savedAt = -Infinity;
    const save = () => {
      clearTimeout(timer);
      timer = undefined;
      if (saveNow(pathname, { account, language })) savedAt = Date.now();
    };
    const schedule = () => {
      if (timer === undefined) timer = setTimeout(save, Math.max(SETTLE_MS, savedAt + SAVE_GAP_MS - Date.now()));
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    const observer = new MutationObserver(schedule);
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    schedule();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', save);
    return () => {
      // Not saved here: the next page's markup is already in place.
      clearTimeout(timer);
      observer.disconnect();
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', save);
    };
  }, [pathname, account, language]);
}

/** With the app's first commit, index.html's painted last screen goes (see `removeLastScreen`). */
export function useRemoveLastScreen(): void {
  useLayoutEffect(() => removeLastScreen(document, LAST_SCREEN_ID, LAST_SCREEN_STYLES_ATTRIBUTE), []);
}
