import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { PayPasswordForm, SignedIn } from '@/features/wallet';

export default function PayPasswordPage() {
  const { t } = useLingui();
  const router = useRouter();
  const back = () => router.history.back();
  return (
    <>
      <NavBar title={t`Payment password`} />
      <SignedIn onLogin={() => void router.navigate({ to: '/pages/common/login' })}>
        <PayPasswordForm onDone={back} />
      </SignedIn>
    </>
  );
}
