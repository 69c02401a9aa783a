import { useRouter, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { RegisterForm, inviteCodeFromSearch } from '@/features/auth';
import { LanguageButton } from '@/features/settings';

export default function RegisterPage() {
  const { t } = useLingui();
  const router = useRouter();
  const search: Record<string, unknown> = useSearch({ strict: false });
  const go = (to: string, replace = false) => void router.navigate({ to, replace });
  return (
    <>
      <NavBar title={t`Register`} right={<LanguageButton />} />
      <RegisterForm
        inviteCode={inviteCodeFromSearch(search)}
        onRegistered={() => go('/', true)}
        onPickArea={() => go('/pages/common/area')}
        onLogin={() => go('/pages/common/login', true)}
      />
    </>
  );
}
