import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { AccountView } from '@/features/account';
import { requireLogin } from '@/lib/http';
import { isLoggedInAtom } from '@/lib/state';
import { pages } from '@/lib/nav';

export default function UserInfoPage() {
  const { t } = useLingui();
  const router = useRouter();
  const loggedIn = useAtomValue(isLoggedInAtom);

  // Checked once on arrival; signing out from this page goes home without the login prompt.
  useEffect(() => {
    requireLogin();
  }, []);

  return (
    <>
      <NavBar title={t`Profile`} />
      {loggedIn && <AccountView onLoggedOut={() => void router.navigate({ to: pages.home, replace: true })} />}
    </>
  );
}
