import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { AddressBook, SignedIn } from '@/features/wallet';

export default function WalletPage() {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <>
      <NavBar title={t`Wallet addresses`} />
      <SignedIn onLogin={() => void router.navigate({ to: '/pages/common/login' })}>
        <AddressBook onAdd={() => void router.navigate({ to: '/pages/setting/addWallet' })} />
      </SignedIn>
    </>
  );
}
