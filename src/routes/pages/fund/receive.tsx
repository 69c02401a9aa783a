import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { NavText, ReceiveView, SignedIn } from '@/features/wallet';

export default function ReceivePage() {
  const { t } = useLingui();
  const router = useRouter();
  const go = (to: string) => void router.navigate({ to });
  return (
    <>
      <NavBar title={t`Recharge`} right={<NavText label={t`Records`} onClick={() => go('/pages/fund/receive_withdraw_record')} />} />
      <SignedIn onLogin={() => go('/pages/common/login')}>
        <ReceiveView onChangeNetwork={() => go('/pages/fund/select_network')} onDone={() => go('/pages/fund/receive_withdraw_record')} />
      </SignedIn>
    </>
  );
}
