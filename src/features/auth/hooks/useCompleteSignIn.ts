import { appStore, signIn, signOut, tokenAtom } from '@/lib/state';
import { fetchUser } from '@/lib/user';

/**
 * Stores the token first because `/user/info` is authenticated with it, then signs in with the
 * user. A failure leaves no half-signed-in state behind.
 */
export function useCompleteSignIn() {
  return async (token: string) => {
    appStore.set(tokenAtom, token);
    try {
      const user = await fetchUser();
      signIn(token, user);
    } catch (e) {
      signOut();
      throw e;
    }
  };
}
