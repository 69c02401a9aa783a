import { signOut } from '@/lib/state';
import { requestLogout } from '../api/logout';

/**
 * Revokes the session on the server, but signs out locally whatever the answer: a user who asked
 * to leave must never stay signed in on this device because the network failed.
 */
export function useLogout() {
  return async () => {
    try {
      await requestLogout();
    } catch {
      // Already reported by the HTTP client; the local sign-out below still happens.
    } finally {
      signOut();
    }
  };
}
