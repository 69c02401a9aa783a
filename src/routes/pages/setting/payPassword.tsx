import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { PayPasswordForm, SignedIn } from '@/features/wallet';
import { useGoLogin } from '@/lib/nav';

export default function PayPasswordPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const router = useRouter();
  const back = () => router.history.back();
  return (
    <>
      <NavBar title={t`Payment password`} />
      <SignedIn onLogin={goLogin}>
        <PayPasswordForm onDone={back} />
      </SignedIn>
    </>
  );
}
