import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { NavText, SignedIn, TransferForm } from '@/features/wallet';
import { pages, useGo, useGoLogin } from '@/lib/nav';

export default function FundTransferPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const go = useGo();
  return (
    <>
      <NavBar
        title={t`Transfer`}
        right={<NavText label={t`History`} onClick={() => go(pages.fund.transfer_history)} />}
      />
      <SignedIn onLogin={() => goLogin()}>
        <TransferForm />
      </SignedIn>
    </>
  );
}
