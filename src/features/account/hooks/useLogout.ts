import { signOut } from '@/lib/state';
import { apiErrorsShown } from '@/lib/submit';
import { requestLogout } from '../api/logout';

/**
 * Revokes the session on the server, but signs out locally whatever the answer: a user who asked
 * to leave must never stay signed in on this device because the network failed. A refused or
 * lost request has been shown by the HTTP client; anything else is reported.
 */
export function useLogout() {
  return async () => {
    await requestLogout().catch(apiErrorsShown('logout'));
    signOut();
  };
}
