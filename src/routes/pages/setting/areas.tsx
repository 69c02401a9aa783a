import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { AreaPicker } from '@/features/auth';
import { pages } from '@/lib/nav';

/** The same picker for settings screens (binding a mobile number); it returns to the caller. */
export default function SettingAreasPage() {
  const { t } = useLingui();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const done = () =>
    canGoBack ? router.history.back() : void router.navigate({ to: pages.setting.setting, replace: true });
  return (
    <>
      <NavBar title={t`Country or area`} />
      <AreaPicker onPicked={done} />
    </>
  );
}
