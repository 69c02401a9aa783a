import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { NavText, SignedIn, WithdrawForm } from '@/features/wallet';

export default function WithdrawPage() {
  const { t } = useLingui();
  const router = useRouter();
  const go = (to: string) => void router.navigate({ to });
  return (
    <>
      <NavBar title={t`Withdraw`} right={<NavText label={t`Records`} onClick={() => go('/pages/fund/receive_withdraw_record')} />} />
      <SignedIn onLogin={() => go('/pages/common/login')}>
        <WithdrawForm onNavigate={go} />
      </SignedIn>
    </>
  );
}
