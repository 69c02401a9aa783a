import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { AddressBook, SignedIn } from '@/features/wallet';
import { pages, useGoLogin } from '@/lib/nav';

export default function WalletPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const router = useRouter();
  return (
    <>
      <NavBar title={t`Wallet addresses`} />
      <SignedIn onLogin={goLogin}>
        <AddressBook onAdd={() => void router.navigate({ to: pages.setting.addWallet })} />
      </SignedIn>
    </>
  );
}
