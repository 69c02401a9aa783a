import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { AreaPicker } from '@/features/auth';
import { pages } from '@/lib/nav';

/** The choice is stored by the picker; going back shows it on the form that asked. */
export default function AreaPage() {
  const { t } = useLingui();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const done = () =>
    canGoBack ? router.history.back() : void router.navigate({ to: pages.common.login, replace: true });
  return (
    <>
      <NavBar title={t`Country or area`} />
      <AreaPicker onPicked={done} />
    </>
  );
}
