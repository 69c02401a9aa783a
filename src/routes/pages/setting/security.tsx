import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { useOnline } from '@/components/OfflineBanner';
import { refreshUser, SecurityView } from '@/features/identity';
import { ProofEntry } from '@/features/proof';
import { SecurityCentre } from '@/features/security';
import { requireLogin } from '@/lib/http';
import { useGo } from '@/lib/nav';
import { isLoggedInAtom } from '@/lib/state';
import { apiErrorsShown } from '@/lib/submit';

export default function SecurityPage() {
  const { t } = useLingui();
  const go = useGo();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const online = useOnline();

  useEffect(() => {
    // Logged-out visitors are told so and sent to login; the signed-in see their current bindings
    // (offline, the saved ones: the page says it is offline, not a failed request).
    if (requireLogin() && navigator.onLine) void refreshUser().catch(apiErrorsShown('security'));
  }, []);

  return (
    <>
      <NavBar title={t`Security`} />
      {loggedIn && <SecurityView onNavigate={go} readOnly={!online} />}
      {loggedIn && <SecurityCentre />}
      {loggedIn && <ProofEntry onNavigate={go} />}
    </>
  );
}
