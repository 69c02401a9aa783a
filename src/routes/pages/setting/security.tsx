import { useEffect } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { refreshUser, SecurityView } from '@/features/identity';
import { requireLogin } from '@/lib/http';
import { isLoggedInAtom } from '@/lib/state';

export default function SecurityPage() {
  const { t } = useLingui();
  const router = useRouter();
  const loggedIn = useAtomValue(isLoggedInAtom);

  useEffect(() => {
    // Logged-out visitors are told so and sent to login; the signed-in see their current bindings.
    if (requireLogin()) void refreshUser({ silent: true }).catch(() => undefined);
  }, []);

  return (
    <>
      <NavBar title={t`Security`} />
      {loggedIn && <SecurityView onNavigate={(to) => void router.navigate({ to })} />}
    </>
  );
}
