import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { LedgerRecords, SignedIn } from '@/features/wallet';
import { useGoLogin } from '@/lib/nav';

export default function AssetsAllRecordPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  return (
    <>
      <NavBar title={t`All records`} />
      <SignedIn onLogin={goLogin}>
        <LedgerRecords filters={false} />
      </SignedIn>
    </>
  );
}
