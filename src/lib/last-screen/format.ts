/**
 * The last screen: a tab's rendered page kept in localStorage, which index.html paints before any
 * module runs (scripts/boot-last-screen.ts), so a warm start shows the tab's figures as last seen
 * at once instead of after the app's modules have loaded and rendered (a second or more on a slow
 * phone). Plain data without imports: the build reads it too.
 */

/** localStorage key of a tab's last screen: this prefix and the tab's hash path (`/` for home). */
export const LAST_SCREEN_KEY_PREFIX = 'lastScreen:';
/** Bumped when the entry's shape changes: index.html paints only entries of its own format. */
export const LAST_SCREEN_FORMAT = 1;
/** index.html's container for the painted screen; the app removes it with its first commit. */
export const LAST_SCREEN_ID = 'last-screen';
/** Style sheets the painted screen needed beyond those index.html loads for the tab. */
export const LAST_SCREEN_STYLES_ATTRIBUTE = 'data-last-screen-styles';
/** index.html's style element holding a saved page's rules; the app removes it with its first commit. */
export const LAST_SCREEN_RULES_ATTRIBUTE = 'data-last-screen-rules';
/** Marks what must not be kept in a last screen (the offline strip, a leaving page, prompts). */
export const TRANSIENT_ATTRIBUTE = 'data-transient';
/**
 * A page larger than this is not kept: localStorage holds about 5 M characters per origin,
 * shared with the app's settings, and index.html parses the entry before its first paint. The
 * tabs measure 20-60 K characters.
 */
export const LAST_SCREEN_MAX_CHARS = 200_000;
/**
 * The saved page's CSS rules are kept only up to this size (the tabs use 15-40 K characters of
 * their sheets' 60-90 K): above it the painted page waits for its sheets, as without rules.
 */
export const LAST_SCREEN_MAX_RULES_CHARS = 80_000;
/** Figures older than a week mislead more than they help: the live page comes a second later. */
export const LAST_SCREEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** One tab's last screen as stored (JSON). */
export interface LastScreen {
  v: typeof LAST_SCREEN_FORMAT;
  /** The app root's HTML, without transient parts. */
  html: string;
  /** Every style sheet (absolute URL) the document had when it was saved. */
  css: string[];
  /**
   * The rules of those sheets that the page uses (`usedRules`), so index.html paints it in its
   * first frame instead of after the sheets load; absent when over `LAST_SCREEN_MAX_RULES_CHARS`.
   */
  rules?: string;
  /** The stored language the page was rendered in (`lang` in localStorage). */
  locale: string;
  /** Its BCP 47 tag, for the save time's format. */
  lang: string;
  /** The signed-in account's id, or '' for a visitor (see `accountOf`). */
  account: string;
  /** When it was saved (ms since the epoch). */
  at: number;
  /**
   * The mark's texts in that language, so index.html needs no catalog: "As of {when}" and
   * "Refreshing" side by side online, "Offline: as of {when}" offline.
   */
  saved: string;
  updating: string;
  offline: string;
}

/**
 * Whose screen it is: the user's id when signed in, '' for a visitor, null while the session has
 * a token but no user yet (nothing is kept or painted then).
 */
export function accountOf(token: string | null, user: { id?: unknown } | null): string | null {
  if (!token) return '';
  return user && user.id !== undefined && user.id !== null ? String(user.id) : null;
}
