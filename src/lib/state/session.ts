import { createStore } from 'jotai';
import type { User } from '@contract/auth';
import { tokenAtom, userAtom } from './atoms';

/** The one store: React reads it through the Provider, the HTTP client reads it directly. */
export const appStore = createStore();

export function signIn(token: string, user: User | null = null): void {
  appStore.set(tokenAtom, token);
  appStore.set(userAtom, user);
}

/** Forgets the session and the previous user's cached data, so the next user never sees it. */
export function signOut(): void {
  appStore.set(tokenAtom, '');
  appStore.set(userAtom, null);
  // Loaded on demand: the database library is not needed to draw the first screen.
  import('../db')
    .then((db) => db.clearUserData())
    .catch((error: unknown) => console.error('signed-out data could not be cleared', error));
}
