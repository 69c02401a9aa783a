import { useEffect, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { tokenAtom, userAtom } from '@/lib/state';
import { fetchUserInfo } from '../api/userInfo';

/** The stored user at once, then the server's current copy (stored again for other screens). */
export function useRefreshUser() {
  const token = useAtomValue(tokenAtom);
  const [user, setUser] = useAtom(userAtom);
  const [refreshedFor, setRefreshedFor] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    fetchUserInfo()
      .then((fresh) => live && setUser(fresh))
      // Failures are reported by the HTTP client (999 also ends the session); keep the stored copy.
      .catch(() => undefined)
      .finally(() => live && setRefreshedFor(token));
    return () => {
      live = false;
    };
  }, [token, setUser]);

  return { user, loading: token !== '' && refreshedFor !== token };
}
