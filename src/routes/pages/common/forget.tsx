import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NavBar } from '@/components/NavBar';
import { ForgetForm } from '@/features/auth';
import { pages } from '@/lib/nav';

export default function ForgetPasswordPage() {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <>
      <NavBar title={t`Forgot password`} />
      <ForgetForm
        onReset={() => void router.navigate({ to: pages.common.login, replace: true })}
        onPickArea={() => void router.navigate({ to: pages.common.area })}
      />
    </>
  );
}
