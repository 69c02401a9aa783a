import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { AssetsView, SignedIn } from '@/features/wallet';

export default function AssetsPage() {
  const { t } = useLingui();
  const router = useRouter();
  const go = (to: string) => void router.navigate({ href: to });
  return (
    <>
      <NavBar title={t`Assets`} back={false} />
      <SignedIn onLogin={() => go('/pages/common/login')}>
        <AssetsView onNavigate={go} />
      </SignedIn>
    </>
  );
}
