import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { NavText, SignedIn, WithdrawForm } from '@/features/wallet';
import { pages, useGo, useGoLogin } from '@/lib/nav';

export default function WithdrawPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const go = useGo();
  return (
    <>
      <NavBar
        title={t`Withdraw`}
        right={<NavText label={t`Records`} onClick={() => go(pages.fund.receive_withdraw_record)} />}
      />
      <SignedIn onLogin={() => goLogin()}>
        <WithdrawForm onNavigate={go} />
      </SignedIn>
    </>
  );
}
