import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { useLogout } from '@/features/account';
import { SettingsList } from '@/features/settings';
import { isLoggedInAtom } from '@/lib/state';
import { version } from '../../../../package.json';
import { pages, useGo, useGoLogin } from '@/lib/nav';

export default function SettingPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const router = useRouter();
  const go = useGo();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const logout = useLogout();
  return (
    <>
      <NavBar title={t`Settings`} />
      <SettingsList
        loggedIn={loggedIn}
        version={version}
        onNavigate={go}
        onLogin={goLogin}
        onLogout={async () => {
          await logout();
          await router.navigate({ to: pages.home, replace: true });
        }}
      />
    </>
  );
}
