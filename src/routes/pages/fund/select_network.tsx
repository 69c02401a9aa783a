import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { NetworkSelect, SignedIn } from '@/features/wallet';
import { pages, useGoLogin } from '@/lib/nav';

export default function SelectNetworkPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const router = useRouter();
  return (
    <>
      <NavBar title={t`Select network`} />
      <SignedIn onLogin={goLogin}>
        <NetworkSelect onChosen={() => void router.navigate({ to: pages.fund.receive, replace: true })} />
      </SignedIn>
    </>
  );
}
