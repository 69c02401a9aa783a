import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { NetworkSelect, SignedIn } from '@/features/wallet';

export default function SelectNetworkPage() {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <>
      <NavBar title={t`Select network`} />
      <SignedIn onLogin={() => void router.navigate({ to: '/pages/common/login' })}>
        <NetworkSelect onChosen={() => void router.navigate({ to: '/pages/fund/receive', replace: true })} />
      </SignedIn>
    </>
  );
}
