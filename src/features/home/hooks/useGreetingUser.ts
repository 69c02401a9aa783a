import { useEffect } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { tokenAtom, userAtom } from '@/lib/state';
import { fetchUserInfo } from '../api/userInfo';

/** The signed-in user for the greeting: the stored copy at once, refreshed from the server. */
export function useGreetingUser() {
  const token = useAtomValue(tokenAtom);
  const [user, setUser] = useAtom(userAtom);

  useEffect(() => {
    if (!token) return;
    let live = true;
    fetchUserInfo()
      .then((fresh) => {
        if (live) setUser(fresh);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [token, setUser]);

  return token ? user : null;
}
