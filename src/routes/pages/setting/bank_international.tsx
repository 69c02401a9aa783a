import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { BankCardForm, SignedIn } from '@/features/wallet';
import { useGoLogin } from '@/lib/nav';

export default function BankInternationalPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const router = useRouter();
  const back = () => router.history.back();
  return (
    <>
      <NavBar title={t`International bank card`} />
      <SignedIn onLogin={goLogin}>
        <BankCardForm kind="international" onDone={back} />
      </SignedIn>
    </>
  );
}
