import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { FundRecords, SignedIn } from '@/features/wallet';
import { useGoLogin } from '@/lib/nav';

export default function ReceiveWithdrawRecordPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  return (
    <>
      <NavBar title={t`Financial records`} />
      <SignedIn onLogin={goLogin}>
        <FundRecords />
      </SignedIn>
    </>
  );
}
