import { createStore } from 'jotai';
import type { User } from '@contract/auth';
import { clearLastScreens } from '../last-screen/store';
import { tokenAtom, userAtom } from './atoms';
import { localStorageOrNull } from './storage';

/** The one store: React reads it through the Provider, the HTTP client reads it directly. */
export const appStore = createStore();

/** The tabs' last screens (src/lib/last-screen) show the previous account's figures: they go too. */
function forgetLastScreens(): void {
  const storage = localStorageOrNull();
  if (storage) clearLastScreens(storage);
}

export function signIn(token: string, user: User | null = null): void {
  if (appStore.get(userAtom)?.id !== user?.id) forgetLastScreens();
  appStore.set(tokenAtom, token);
  appStore.set(userAtom, user);
}

/** Forgets the session and the previous user's cached data, so the next user never sees it. */
export function signOut(): void {
  appStore.set(tokenAtom, '');
  appStore.set(userAtom, null);
  forgetLastScreens();
  // Loaded on demand: the database library is not needed to draw the first screen.
  import('../db')
    .then((db) => db.clearUserData())
    .catch((error: unknown) => console.error('signed-out data could not be cleared', error));
}

/** Set for as long as the app stays open (a tab or the installed app's window keeps its sessionStorage). */
const OPEN_MARK = 'appOpen';

/**
 * "Stay logged in" off (security settings): the session does not outlive the app. A start without
 * the open mark is a start after the app was closed, so the stored session ends here: `revoke`
 * tells the server, and this device forgets it. (The server also ends such sessions after a short
 * time without use, whatever the device does.) Answers whether it signed out.
 */
export function endSessionIfAppWasClosed(
  revoke: (token: string) => void,
  storage: () => Pick<Storage, 'getItem' | 'setItem'> = () => sessionStorage,
): boolean {
  let reopened: boolean;
  try {
    const open = storage();
    reopened = open.getItem(OPEN_MARK) === null;
    open.setItem(OPEN_MARK, '1');
  } catch (error) {
    // Storage blocked: the server's short idle limit is what ends the session then.
    console.warn('session: no sessionStorage', error);
    return false;
  }
  const token = appStore.get(tokenAtom);
  if (!reopened || !token || appStore.get(userAtom)?.stay_logged_in !== false) return false;
  revoke(token);
  signOut();
  return true;
}
