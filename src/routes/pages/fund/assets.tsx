import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { AssetsView, SignedIn } from '@/features/wallet';
import { useGo, useGoLogin } from '@/lib/nav';

export default function AssetsPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const go = useGo();
  return (
    <>
      <NavBar title={t`Assets`} back={false} />
      <SignedIn onLogin={() => goLogin()}>
        <AssetsView onNavigate={go} />
      </SignedIn>
    </>
  );
}
