import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { AddAddressForm, SignedIn } from '@/features/wallet';
import { useGoLogin } from '@/lib/nav';

export default function AddWalletPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const router = useRouter();
  const back = () => router.history.back();
  return (
    <>
      <NavBar title={t`Add wallet address`} />
      <SignedIn onLogin={goLogin}>
        <AddAddressForm onDone={back} />
      </SignedIn>
    </>
  );
}
