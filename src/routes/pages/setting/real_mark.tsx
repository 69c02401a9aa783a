import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { VerificationStatus } from '@/features/identity';
import { SignedIn } from '@/features/wallet';

export default function RealMarkPage() {
  const { t } = useLingui();
  const router = useRouter();
  const go = (to: string) => void router.navigate({ to });
  return (
    <>
      <NavBar title={t`Verification status`} />
      <SignedIn onLogin={() => go('/pages/common/login')}>
        <VerificationStatus onOpen={() => go('/pages/setting/real')} />
      </SignedIn>
    </>
  );
}
