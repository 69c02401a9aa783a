import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { BankCardForm, SignedIn } from '@/features/wallet';

export default function BankPage() {
  const { t } = useLingui();
  const router = useRouter();
  const back = () => router.history.back();
  return (
    <>
      <NavBar title={t`Bank card`} />
      <SignedIn onLogin={() => void router.navigate({ to: '/pages/common/login' })}>
        <BankCardForm kind="bank" onDone={back} />
      </SignedIn>
    </>
  );
}
