import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { NavText, SignedIn, TransferForm } from '@/features/wallet';

export default function FundTransferPage() {
  const { t } = useLingui();
  const router = useRouter();
  const go = (to: string) => void router.navigate({ to });
  return (
    <>
      <NavBar title={t`Transfer`} right={<NavText label={t`History`} onClick={() => go('/pages/fund/transfer_history')} />} />
      <SignedIn onLogin={() => go('/pages/common/login')}>
        <TransferForm />
      </SignedIn>
    </>
  );
}
