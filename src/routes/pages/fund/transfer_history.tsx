import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { TransferHistory, SignedIn } from '@/features/wallet';

export default function TransferHistoryPage() {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <>
      <NavBar title={t`Transfer history`} />
      <SignedIn onLogin={() => void router.navigate({ to: '/pages/common/login' })}>
        <TransferHistory />
      </SignedIn>
    </>
  );
}
