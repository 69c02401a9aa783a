import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { LedgerRecords, SignedIn } from '@/features/wallet';
import { useGoLogin } from '@/lib/nav';

export default function AssetsRecordPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  return (
    <>
      <NavBar title={t`Account changes`} />
      <SignedIn onLogin={goLogin}>
        <LedgerRecords filters={true} />
      </SignedIn>
    </>
  );
}
