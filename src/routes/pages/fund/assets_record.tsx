import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { LedgerRecords, SignedIn } from '@/features/wallet';

export default function AssetsRecordPage() {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <>
      <NavBar title={t`Account changes`} />
      <SignedIn onLogin={() => void router.navigate({ to: '/pages/common/login' })}>
        <LedgerRecords filters={true} />
      </SignedIn>
    </>
  );
}
