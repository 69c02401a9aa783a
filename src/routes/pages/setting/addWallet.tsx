import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { AddAddressForm, SignedIn } from '@/features/wallet';

export default function AddWalletPage() {
  const { t } = useLingui();
  const router = useRouter();
  const back = () => router.history.back();
  return (
    <>
      <NavBar title={t`Add wallet address`} />
      <SignedIn onLogin={() => void router.navigate({ to: '/pages/common/login' })}>
        <AddAddressForm onDone={back} />
      </SignedIn>
    </>
  );
}
