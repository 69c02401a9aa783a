import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { AlertsPage } from '@/features/alerts';
import { requireLogin } from '@/lib/http';
import { isLoggedInAtom } from '@/lib/state';

/** `#/pages/setting/alerts`: the user's price alerts (signed in; others are sent to log in). */
export default function AlertsRoute() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  useEffect(() => {
    requireLogin();
  }, []);
  return loggedIn ? <AlertsPage /> : null;
}
