import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { ExchangeForm, SignedIn } from '@/features/wallet';

export default function ExchangePage() {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <>
      <NavBar title={t`Exchange`} />
      <SignedIn onLogin={() => void router.navigate({ to: '/pages/common/login' })}>
        <ExchangeForm />
      </SignedIn>
    </>
  );
}
