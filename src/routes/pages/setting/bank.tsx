import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { BankCardForm, SignedIn } from '@/features/wallet';
import { useGoLogin } from '@/lib/nav';

export default function BankPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const router = useRouter();
  const back = () => router.history.back();
  return (
    <>
      <NavBar title={t`Bank card`} />
      <SignedIn onLogin={goLogin}>
        <BankCardForm kind="bank" onDone={back} />
      </SignedIn>
    </>
  );
}
