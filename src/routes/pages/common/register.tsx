import { useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { RegisterForm } from '@/features/auth';
import { LanguageButton } from '@/features/settings';
import { pages, useGo } from '@/lib/nav';

export default function RegisterPage() {
  const { t } = useLingui();
  const go = useGo();
  // A shared invitation link carries `?extension_code=` or `?code=`; the route validated both.
  const { extension_code, code } = useSearch({ from: pages.common.register });
  return (
    <>
      <NavBar title={t`Register`} right={<LanguageButton />} />
      <RegisterForm
        inviteCode={extension_code ?? code ?? ''}
        onRegistered={() => go(pages.home, { replace: true })}
        onPickArea={() => go(pages.common.area)}
        onLogin={() => go(pages.common.login, { replace: true })}
      />
    </>
  );
}
