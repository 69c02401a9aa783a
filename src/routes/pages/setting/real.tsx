import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { IdentityView } from '@/features/identity';
import { SignedIn } from '@/features/wallet';
import { useGo, useGoLogin } from '@/lib/nav';

export default function RealPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const go = useGo();
  return (
    <>
      <NavBar title={t`Identity verification`} />
      <SignedIn onLogin={() => goLogin()}>
        <IdentityView onNavigate={go} />
      </SignedIn>
    </>
  );
}
