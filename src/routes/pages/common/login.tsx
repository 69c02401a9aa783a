import { useRouter, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { LoginForm } from '@/features/auth';
import { LanguageButton } from '@/features/settings';
import { pages, useGo } from '@/lib/nav';

export default function LoginPage() {
  const { t } = useLingui();
  const router = useRouter();
  const go = useGo();
  // Validated by the route: an in-app page other than the sign-in screens, or absent.
  const { redirect } = useSearch({ from: pages.common.login });
  return (
    <>
      <NavBar title={t`Log in`} right={<LanguageButton />} />
      <LoginForm
        onSignedIn={() => void router.navigate({ href: redirect ?? pages.home, replace: true })}
        onPickArea={() => go(pages.common.area)}
        onForgotPassword={() => go(pages.common.forget)}
        onRegister={() => go(pages.common.register, { replace: true })}
      />
    </>
  );
}
