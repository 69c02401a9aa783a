import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { LoginForm } from '@/features/auth';
import { LanguageButton } from '@/features/settings';

export default function LoginPage() {
  const { t } = useLingui();
  const router = useRouter();
  const go = (to: string, replace = false) => void router.navigate({ to, replace });
  return (
    <>
      <NavBar title={t`Log in`} right={<LanguageButton />} />
      <LoginForm
        onSignedIn={() => go('/', true)}
        onPickArea={() => go('/pages/common/area')}
        onForgotPassword={() => go('/pages/common/forget')}
        onRegister={() => go('/pages/common/register', true)}
      />
    </>
  );
}
