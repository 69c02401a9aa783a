import { useRouter, useRouterState } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { CoinSelect, SignedIn, selectNext } from '@/features/wallet';

export default function SelectPage() {
  const { t } = useLingui();
  const router = useRouter();
  const next = selectNext(useRouterState({ select: (s) => (s.location.search as { next?: unknown }).next }));
  return (
    <>
      <NavBar title={next === 'withdraw' ? t`Withdraw` : t`Recharge`} />
      <SignedIn onLogin={() => void router.navigate({ to: '/pages/common/login' })}>
        <CoinSelect next={next} onNavigate={(to) => void router.navigate({ to })} />
      </SignedIn>
    </>
  );
}
