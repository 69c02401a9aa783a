import { appStore, signIn, signOut, tokenAtom } from '@/lib/state';
import { fetchUserInfo } from '../api/userInfo';

/**
 * Stores the token first because `/user/info` is authenticated with it, then signs in with the
 * user. A failure leaves no half-signed-in state behind.
 */
export function useCompleteSignIn() {
  return async (token: string) => {
    appStore.set(tokenAtom, token);
    try {
      const user = await fetchUserInfo();
      signIn(token, user);
    } catch (e) {
      signOut();
      throw e;
    }
  };
}
