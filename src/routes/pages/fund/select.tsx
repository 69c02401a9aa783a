import { useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { CoinSelect, SignedIn } from '@/features/wallet';
import { pages, useGo, useGoLogin } from '@/lib/nav';

/** `?next=receive|withdraw`: where choosing a coin leads (validated by the route, default recharge). */
export default function SelectPage() {
  const { t } = useLingui();
  const go = useGo();
  const goLogin = useGoLogin();
  const { next } = useSearch({ from: pages.fund.select });
  return (
    <>
      <NavBar title={next === 'withdraw' ? t`Withdraw` : t`Recharge`} />
      <SignedIn onLogin={goLogin}>
        <CoinSelect next={next} onNavigate={go} />
      </SignedIn>
    </>
  );
}
