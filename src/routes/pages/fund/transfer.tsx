import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { ExchangeForm, SignedIn } from '@/features/wallet';
import { useGoLogin } from '@/lib/nav';

export default function ExchangePage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  return (
    <>
      <NavBar title={t`Exchange`} />
      <SignedIn onLogin={goLogin}>
        <ExchangeForm />
      </SignedIn>
    </>
  );
}
