import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { LedgerRecords, SignedIn } from '@/features/wallet';
import { useGoLogin } from '@/lib/nav';
import { RECORD_KINDS } from '@/routes/ledger-labels';

export default function AssetsAllRecordPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  return (
    <>
      <NavBar title={t`All records`} />
      <SignedIn onLogin={goLogin}>
        <LedgerRecords filters={false} kinds={RECORD_KINDS} />
      </SignedIn>
    </>
  );
}
