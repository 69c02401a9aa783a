import { useRouter, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { NavBar } from '@/components/NavBar';
import { useLogout } from '@/features/account';
import {
  NotificationCentre,
  NotificationEntries,
  NotificationSettings,
  unsubscribeDevice,
} from '@/features/notifications';
import { SettingsList } from '@/features/settings';
import { isLoggedInAtom } from '@/lib/state';
import { version } from '../../../../package.json';
import { pages, useGo, useGoLogin } from '@/lib/nav';

/**
 * `#/pages/setting/setting`: the settings list; `?view=notifications` is the notification centre
 * and `?view=notification_settings` its settings (SPEC.md names no route of their own).
 */
export default function SettingPage() {
  const goLogin = useGoLogin();
  const { t } = useLingui();
  const router = useRouter();
  const go = useGo();
  const loggedIn = useAtomValue(isLoggedInAtom);
  const logout = useLogout();
  const { view } = useSearch({ from: pages.setting.setting });
  if (view === 'notifications') {
    return (
      <NotificationCentre
        onOpen={go}
        onSettings={() => go({ to: pages.setting.setting, search: { view: 'notification_settings' } })}
      />
    );
  }
  if (view === 'notification_settings' && loggedIn) return <NotificationSettings />;
  return (
    <>
      <NavBar title={t`Settings`} />
      {loggedIn && <NotificationEntries onOpen={(next) => go({ to: pages.setting.setting, search: { view: next } })} />}
      <SettingsList
        loggedIn={loggedIn}
        version={version}
        onNavigate={go}
        onLogin={goLogin}
        onLogout={async () => {
          // This device stops receiving the account's notifications before the session ends.
          await unsubscribeDevice().catch((error: unknown) => console.warn('push: could not unsubscribe', error));
          await logout();
          await router.navigate({ to: pages.home, replace: true });
        }}
      />
    </>
  );
}
