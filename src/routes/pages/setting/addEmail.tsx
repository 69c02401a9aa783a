import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { BindEmailForm } from '@/features/identity';
import { SignedIn } from '@/features/wallet';
import { useGoLogin } from '@/lib/nav';

export default function AddEmailPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const router = useRouter();
  return (
    <>
      <NavBar title={t`Bind email`} />
      <SignedIn onLogin={goLogin}>
        <BindEmailForm onDone={() => router.history.back()} />
      </SignedIn>
    </>
  );
}
