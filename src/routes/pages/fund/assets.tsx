import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { NotificationBell } from '@/features/notifications';
import { AssetsView, SignedIn } from '@/features/wallet';
import { isLoggedInAtom } from '@/lib/state';
import { pages, useGo, useGoLogin } from '@/lib/nav';

export default function AssetsPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const go = useGo();
  const loggedIn = useAtomValue(isLoggedInAtom);
  return (
    <>
      <NavBar
        title={t`Assets`}
        back={false}
        right={
          loggedIn ? (
            <NotificationBell onOpen={() => go({ to: pages.setting.setting, search: { view: 'notifications' } })} />
          ) : undefined
        }
      />
      <SignedIn onLogin={() => goLogin()}>
        <AssetsView onNavigate={go} />
      </SignedIn>
    </>
  );
}
