import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/auth';
import { BOOT_LAST_SCREEN_SCRIPT, PICK_LAST_SCREEN } from '../../../scripts/boot-last-screen';
import { appStore, endSessionIfAppWasClosed, signIn, signOut, tokenAtom } from '../state';
import { memoryStorage } from '../state/storage';
import {
  LAST_SCREEN_KEY_PREFIX,
  LAST_SCREEN_MAX_AGE_MS,
  LAST_SCREEN_MAX_CHARS,
  accountOf,
  clearLastScreens,
  saveLastScreen,
  type LastScreen,
} from '.';

/** localStorage in memory; `full` makes every write fail as a full quota does. */
function fakeStorage(entries: Record<string, string> = {}, full = false): Storage {
  const storage = memoryStorage(entries);
  if (full)
    storage.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
  return storage;
}

/** The keys `storage` holds. */
const keysOf = (storage: Storage) => Array.from({ length: storage.length }, (_, i) => storage.key(i)!);

const TABS = ['/', '/pages/market/market', '/pages/fund/assets'];
const ASSETS = 'https://app.example/h5/assets/';
/** The sheets index.html loads for the market tab, as absolute URLs. */
const SHEETS = [`${ASSETS}first-route-A.css`, `${ASSETS}tab-market-B.css`];
const NOW = Date.UTC(2026, 10, 30, 12);

const entry = (over: Partial<LastScreen> = {}): LastScreen => ({
  v: 1,
  html: '<div data-testid="quote-row">BTC 91,000.5</div>',
  css: [...SHEETS, `${ASSETS}home-C.css`],
  locale: 'en',
  lang: 'en-US',
  account: '',
  at: NOW - 60_000,
  saved: 'As of {when}',
  updating: 'Refreshing',
  offline: 'Offline: as of {when}',
  ...over,
});

/** The device's storage: this layout, a language, and a session when `user` is given. */
function device(user?: Partial<User>, extra: Record<string, string> = {}) {
  return fakeStorage({
    h5Version: '1',
    lang: '"en"',
    ...(user ? { token: '"tok"', user: JSON.stringify({ id: 7, stay_logged_in: true, ...user }) } : {}),
    ...extra,
  });
}

type PickLastScreen = (
  local: Storage,
  session: Pick<Storage, 'getItem'>,
  path: string,
  now: number,
  sheets: string[],
) => unknown;
/** index.html's selection, evaluated as the browser runs it (plain script text). */
const pick = runInNewContext(`(${PICK_LAST_SCREEN})`) as PickLastScreen;
const openApp = fakeStorage({ appOpen: '1' });
const closedApp = fakeStorage();

function stored(local: Storage, path: string, value: LastScreen) {
  expect(saveLastScreen(local, path, value, TABS)).toBe('saved');
}

describe('saving a last screen', () => {
  it('keeps one entry per tab, as JSON under the tab path', () => {
    const local = fakeStorage();
    stored(local, '/pages/market/market', entry());
    stored(local, '/pages/market/market', entry({ html: '<p>2</p>' }));
    stored(local, '/', entry({ html: '<p>home</p>' }));
    expect(keysOf(local).sort()).toEqual([
      `${LAST_SCREEN_KEY_PREFIX}/`,
      `${LAST_SCREEN_KEY_PREFIX}/pages/market/market`,
    ]);
    expect(JSON.parse(local.getItem(`${LAST_SCREEN_KEY_PREFIX}/pages/market/market`)!)).toEqual(
      entry({ html: '<p>2</p>' }),
    );
  });

  it('keeps nothing for a page that is not a tab, and drops entries of paths that are no longer tabs', () => {
    const local = fakeStorage({ [`${LAST_SCREEN_KEY_PREFIX}/pages/old/tab`]: '{}', lang: '"en"' });
    expect(saveLastScreen(local, '/pages/common/login', entry(), TABS)).toBe('not-a-tab');
    expect(local.length).toBe(2);
    stored(local, '/', entry());
    expect(keysOf(local).sort()).toEqual(['lang', `${LAST_SCREEN_KEY_PREFIX}/`]);
  });

  it('skips a page over the size limit, keeping the previous one', () => {
    const local = fakeStorage();
    stored(local, '/', entry());
    const big = entry({ html: 'x'.repeat(LAST_SCREEN_MAX_CHARS + 1) });
    expect(saveLastScreen(local, '/', big, TABS)).toBe('too-large');
    expect(JSON.parse(local.getItem(`${LAST_SCREEN_KEY_PREFIX}/`)!)).toEqual(entry());
  });

  it('drops the previous entry when the storage refuses the new one (quota)', () => {
    const local = fakeStorage({ [`${LAST_SCREEN_KEY_PREFIX}/`]: JSON.stringify(entry()) }, true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(saveLastScreen(local, '/', entry({ html: '<p>new</p>' }), TABS)).toBe('failed');
    expect(local.getItem(`${LAST_SCREEN_KEY_PREFIX}/`)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('clears every tab and nothing else', () => {
    const local = device(
      {},
      { [`${LAST_SCREEN_KEY_PREFIX}/`]: '{}', [`${LAST_SCREEN_KEY_PREFIX}/pages/fund/assets`]: '{}' },
    );
    clearLastScreens(local);
    expect(keysOf(local).sort()).toEqual(['h5Version', 'lang', 'token', 'user']);
  });

  it('names the account: the user id signed in, empty for a visitor, none while the user is not known', () => {
    expect(accountOf('tok', { id: 7 })).toBe('7');
    expect(accountOf('', null)).toBe('');
    expect(accountOf('tok', null)).toBeNull();
  });
});

describe("index.html's choice of the last screen to paint", () => {
  const path = '/pages/market/market';

  it("paints the tab's entry saved for this visitor or account, in this language", () => {
    const visitor = device();
    stored(visitor, path, entry());
    expect(pick(visitor, openApp, path, NOW, SHEETS)).toEqual(entry());
    const member = device({ id: 7 });
    stored(member, path, entry({ account: accountOf('tok', { id: 7 })! }));
    expect(pick(member, closedApp, path, NOW, SHEETS)).toEqual(entry({ account: '7' }));
    // No language stored: the default one (hk) is what the app renders.
    const fresh = device();
    fresh.removeItem('lang');
    stored(fresh, path, entry({ locale: 'hk' }));
    expect(pick(fresh, openApp, path, NOW, SHEETS)).toEqual(entry({ locale: 'hk' }));
    // With the rules it uses, painted at once.
    stored(visitor, path, entry({ rules: '.row{color:red}' }));
    expect(pick(visitor, openApp, path, NOW, SHEETS)).toEqual(entry({ rules: '.row{color:red}' }));
  });

  it('never paints another account, a visitor page to a member or the reverse, or another language', () => {
    const other = device({ id: 8 });
    stored(other, path, entry({ account: '7' }));
    expect(pick(other, openApp, path, NOW, SHEETS)).toBeNull();
    const member = device({ id: 7 });
    stored(member, path, entry({ account: '' }));
    expect(pick(member, openApp, path, NOW, SHEETS)).toBeNull();
    const visitor = device();
    stored(visitor, path, entry({ account: '7' }));
    expect(pick(visitor, openApp, path, NOW, SHEETS)).toBeNull();
    const french = device(undefined, { lang: '"fra"' });
    stored(french, path, entry());
    expect(pick(french, openApp, path, NOW, SHEETS)).toBeNull();
    // A token without its user: the app does not know whose page it would be.
    const half = device(undefined, { token: '"tok"' });
    stored(half, path, entry({ account: 'null' }));
    expect(pick(half, openApp, path, NOW, SHEETS)).toBeNull();
  });

  it('paints nothing for another tab, a missing, malformed or foreign-shaped entry, or another storage layout', () => {
    const local = device();
    expect(pick(local, openApp, path, NOW, SHEETS)).toBeNull();
    stored(local, '/', entry());
    expect(pick(local, openApp, path, NOW, SHEETS)).toBeNull();
    const key = `${LAST_SCREEN_KEY_PREFIX}${path}`;
    for (const bad of [
      '{',
      'null',
      '42',
      '"html"',
      JSON.stringify({ ...entry(), v: 2 }),
      JSON.stringify({ ...entry(), html: 3 }),
      JSON.stringify({ ...entry(), css: 'a.css' }),
      JSON.stringify({ ...entry(), rules: ['.a{}'] }),
      JSON.stringify({ ...entry(), rules: null }),
      JSON.stringify({ ...entry(), at: '1' }),
      JSON.stringify({ ...entry(), offline: null }),
    ]) {
      local.setItem(key, bad);
      expect(pick(local, openApp, path, NOW, SHEETS)).toBeNull();
    }
    local.setItem(key, JSON.stringify(entry()));
    local.setItem('h5Version', '0');
    expect(pick(local, openApp, path, NOW, SHEETS)).toBeNull();
    // Storage that throws (blocked) is no entry either.
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(pick(blocked, openApp, path, NOW, SHEETS)).toBeNull();
  });

  it('paints nothing older than a week or saved in the future', () => {
    const local = device();
    stored(local, path, entry({ at: NOW - LAST_SCREEN_MAX_AGE_MS - 1 }));
    expect(pick(local, openApp, path, NOW, SHEETS)).toBeNull();
    stored(local, path, entry({ at: NOW + 120_000 }));
    expect(pick(local, openApp, path, NOW, SHEETS)).toBeNull();
  });

  it('paints nothing for a session the app ends at start ("stay logged in" off, app closed)', () => {
    const local = device({ id: 7, stay_logged_in: false });
    stored(local, path, entry({ account: '7' }));
    expect(pick(local, closedApp, path, NOW, SHEETS)).toBeNull();
    expect(pick(local, openApp, path, NOW, SHEETS)).toEqual(entry({ account: '7' }));
  });

  it("paints nothing rendered with other style sheets (another version) or naming files that are not the app's", () => {
    const local = device();
    stored(local, path, entry());
    expect(pick(local, openApp, path, NOW, [`${ASSETS}first-route-NEW.css`, SHEETS[1]!])).toBeNull();
    expect(pick(local, openApp, path, NOW, [])).toBeNull();
    for (const foreign of ['https://evil.example/h5/assets/x.css', `${ASSETS}x.js`, `${ASSETS}x.css?y`]) {
      stored(local, path, entry({ css: [...SHEETS, foreign] }));
      expect(pick(local, openApp, path, NOW, SHEETS)).toBeNull();
    }
  });

  it('fails closed without a document: the script throws nothing', () => {
    const local = device();
    stored(local, path, entry());
    const globals = { localStorage: local, sessionStorage: openApp, location: { hash: `#${path}` } };
    expect(() => runInNewContext(BOOT_LAST_SCREEN_SCRIPT, globals)).not.toThrow();
  });
});

describe('sign-out and another account', () => {
  const key = `${LAST_SCREEN_KEY_PREFIX}/pages/fund/assets`;
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('forgets the last screens at sign-out and when another account signs in, not for the same one', () => {
    const local = device();
    vi.stubGlobal('localStorage', local);
    signIn('tok', { id: 7 } as User);
    local.setItem(key, JSON.stringify(entry({ account: '7' })));
    signIn('tok2', { id: 7 } as User);
    expect(local.getItem(key)).not.toBeNull();
    signIn('tok3', { id: 8 } as User);
    expect(local.getItem(key)).toBeNull();
    local.setItem(key, JSON.stringify(entry({ account: '8' })));
    signOut();
    expect(local.getItem(key)).toBeNull();
  });

  it('forgets them when the app ends a session at start, as index.html declined to paint it', () => {
    const local = device();
    vi.stubGlobal('localStorage', local);
    signIn('tok', { id: 7, stay_logged_in: false } as User);
    local.setItem(key, JSON.stringify(entry({ account: '7' })));
    const session = fakeStorage();
    expect(pick(local, session, '/pages/fund/assets', NOW, SHEETS)).toBeNull();
    expect(
      endSessionIfAppWasClosed(
        () => {},
        () => session,
      ),
    ).toBe(true);
    expect(appStore.get(tokenAtom)).toBe('');
    expect(local.getItem(key)).toBeNull();
  });
});
