import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { updatePassword } from '@contract/identity';
import { FormField, messageFor, VerificationCodeField, type FieldError } from '@/components/FormField';
import { PasswordInput } from '@/components/PasswordInput';
import { confirmIfStronger, useStepUp } from '@/components/StepUp';
import { userAtom } from '@/lib/state';
import { useSubmit } from '@/lib/submit';
import { useValidator } from '@/lib/validation';
import { changePassword, sendPasswordCode } from '../api/security';
import styles from './identity.module.css';

/**
 * Changes the login password with a code sent to the bound email (or mobile). The server ends
 * every other session; this one stays signed in.
 */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const validate = useValidator();
  const user = useAtomValue(userAtom);
  const [v, setV] = useState({ password: '', re_password: '', code: '' });
  const [error, setError] = useState<FieldError | null>(null);
  const stepUp = useStepUp();
  const set = (k: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [k]: value }));
  const destination = user?.email || (user?.phone ? `+${user.area_code} ${user.phone}` : '');

  const { submit, busy } = useSubmit(
    async () => {
      const checked = validate(updatePassword.request, v);
      if (!checked.ok) return setError(checked);
      setError(null);
      const step_up = await confirmIfStronger(stepUp.confirm, 'login_password');
      if (step_up === null) return;
      const { revoked } = await changePassword({ ...checked.data, ...(step_up ? { step_up } : {}) });
      Toast.show({
        icon: 'success',
        content: revoked > 0 ? t`Password changed; other devices were logged out` : t`Password changed`,
      });
      onDone();
    },
    { name: 'change password' },
  );

  return (
    <div className={styles.page}>
      <p className={styles.hint}>
        <Trans>
          We will send a verification code to {destination}. Changing the password logs out every other device.
        </Trans>
      </p>
      <FormField label={t`New password`} htmlFor="pw-new" error={messageFor(error, 'password')}>
        <PasswordInput
          id="pw-new"
          label={t`New password`}
          autoComplete="new-password"
          value={v.password}
          onChange={set('password')}
          placeholder={t`More than 6 characters`}
        />
      </FormField>
      <FormField label={t`Confirm new password`} htmlFor="pw-again" error={messageFor(error, 're_password')}>
        <PasswordInput
          id="pw-again"
          label={t`Confirm new password`}
          autoComplete="new-password"
          value={v.re_password}
          onChange={set('re_password')}
        />
      </FormField>
      <VerificationCodeField
        id="pw-code"
        value={v.code}
        onChange={set('code')}
        error={messageFor(error, 'code')}
        timerKey="login-password"
        disabled={!user}
        onSend={async () => (user ? (await sendPasswordCode(user)).resend_in : false)}
      />
      <Button
        className={styles.submit}
        block
        color="primary"
        size="large"
        loading={busy}
        disabled={busy}
        onClick={submit}
      >
        <Trans>Change password</Trans>
      </Button>
      {stepUp.sheet}
    </div>
  );
}
