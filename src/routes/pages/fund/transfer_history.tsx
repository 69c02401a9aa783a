import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { TransferHistory, SignedIn } from '@/features/wallet';
import { useGoLogin } from '@/lib/nav';

export default function TransferHistoryPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  return (
    <>
      <NavBar title={t`Transfer history`} />
      <SignedIn onLogin={goLogin}>
        <TransferHistory />
      </SignedIn>
    </>
  );
}
