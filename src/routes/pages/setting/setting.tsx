import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { useLogout } from '@/features/account';
import { SettingsList } from '@/features/settings';
import { isLoggedInAtom } from '@/lib/state';
import { version } from '../../../../package.json';

export default function SettingPage() {
  const { t } = useLingui();
  const router = useRouter();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const logout = useLogout();
  return (
    <>
      <NavBar title={t`Settings`} />
      <SettingsList
        loggedIn={loggedIn}
        version={version}
        onNavigate={(to) => void router.navigate({ to })}
        onLogin={() => void router.navigate({ to: '/pages/common/login' })}
        onLogout={async () => {
          await logout();
          await router.navigate({ to: '/', replace: true });
        }}
      />
    </>
  );
}
