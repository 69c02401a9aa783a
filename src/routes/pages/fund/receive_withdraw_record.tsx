import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { FundRecords, SignedIn } from '@/features/wallet';

export default function ReceiveWithdrawRecordPage() {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <>
      <NavBar title={t`Financial records`} />
      <SignedIn onLogin={() => void router.navigate({ to: '/pages/common/login' })}>
        <FundRecords />
      </SignedIn>
    </>
  );
}
