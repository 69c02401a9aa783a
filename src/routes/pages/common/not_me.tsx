import { useLingui } from '@lingui/react/macro';
import { useSearch } from '@tanstack/react-router';
import { NavBar } from '@/components/NavBar';
import { NotMe } from '@/features/security';
import { pages, useGo } from '@/lib/nav';

/** The "this wasn't me" link of a new-device alert; works signed out. */
export default function NotMePage() {
  const { t } = useLingui();
  const go = useGo();
  const { token } = useSearch({ from: pages.common.not_me });
  return (
    <>
      <NavBar title={t`Secure your account`} />
      <NotMe token={token ?? ''} onNavigate={go} />
    </>
  );
}
