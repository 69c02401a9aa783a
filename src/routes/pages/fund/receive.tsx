import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { NavText, ReceiveView, SignedIn } from '@/features/wallet';
import { pages, useGo, useGoLogin } from '@/lib/nav';

export default function ReceivePage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const go = useGo();
  return (
    <>
      <NavBar
        title={t`Recharge`}
        right={<NavText label={t`Records`} onClick={() => go(pages.fund.receive_withdraw_record)} />}
      />
      <SignedIn onLogin={() => goLogin()}>
        <ReceiveView
          onChangeNetwork={() => go(pages.fund.select_network)}
          onDone={() => go(pages.fund.receive_withdraw_record)}
        />
      </SignedIn>
    </>
  );
}
