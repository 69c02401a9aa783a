import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { VerificationStatus } from '@/features/identity';
import { SignedIn } from '@/features/wallet';
import { pages, useGo, useGoLogin } from '@/lib/nav';

export default function RealMarkPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const go = useGo();
  return (
    <>
      <NavBar title={t`Verification status`} />
      <SignedIn onLogin={() => goLogin()}>
        <VerificationStatus onOpen={() => go(pages.setting.real)} />
      </SignedIn>
    </>
  );
}
