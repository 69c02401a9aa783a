import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { BindEmailForm } from '@/features/identity';
import { SignedIn } from '@/features/wallet';

export default function AddEmailPage() {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <>
      <NavBar title={t`Bind email`} />
      <SignedIn onLogin={() => void router.navigate({ to: '/pages/common/login' })}>
        <BindEmailForm onDone={() => router.history.back()} />
      </SignedIn>
    </>
  );
}
