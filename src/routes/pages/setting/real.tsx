import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { IdentityView } from '@/features/identity';
import { SignedIn } from '@/features/wallet';

export default function RealPage() {
  const { t } = useLingui();
  const router = useRouter();
  const go = (to: string) => void router.navigate({ to });
  return (
    <>
      <NavBar title={t`Identity verification`} />
      <SignedIn onLogin={() => go('/pages/common/login')}>
        <IdentityView onNavigate={go} />
      </SignedIn>
    </>
  );
}
