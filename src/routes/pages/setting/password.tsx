import { useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { NavBar } from '@/components/NavBar';
import { ChangePasswordForm } from '@/features/identity';
import { requireLogin } from '@/lib/http';
import { isLoggedInAtom } from '@/lib/state';

/** Changing the login password of the signed-in account, with a verification code. */
export default function PasswordPage() {
  const { t } = useLingui();
  const router = useRouter();
  const loggedIn = useAtomValue(isLoggedInAtom);
  useEffect(() => {
    requireLogin();
  }, []);
  return (
    <>
      <NavBar title={t`Login password`} />
      {loggedIn && <ChangePasswordForm onDone={() => router.history.back()} />}
    </>
  );
}
