import { useState } from 'react';
import { Button, Input, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { updatePassword } from '@contract/identity';
import { CodeButton } from '@/components/CodeButton';
import { PasswordInput } from '@/components/PasswordInput';
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
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const set = (k: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [k]: value }));
  const errorFor = (k: string) =>
    error?.field === k && (
      <div className={styles.error} role="alert">
        {error.message}
      </div>
    );
  const destination = user?.email || (user?.phone ? `+${user.area_code} ${user.phone}` : '');

  const { submit, busy } = useSubmit(
    async () => {
      const checked = validate(updatePassword.request, v);
      if (!checked.ok) return setError(checked);
      setError(null);
      const { revoked } = await changePassword(checked.data);
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
      <div className={styles.field}>
        <label className={styles.fieldLabel} htmlFor="pw-new">
          <Trans>New password</Trans>
        </label>
        <PasswordInput
          id="pw-new"
          label={t`New password`}
          autoComplete="new-password"
          value={v.password}
          onChange={set('password')}
          placeholder={t`More than 6 characters`}
        />
        {errorFor('password')}
      </div>
      <div className={styles.field}>
        <label className={styles.fieldLabel} htmlFor="pw-again">
          <Trans>Confirm new password</Trans>
        </label>
        <PasswordInput
          id="pw-again"
          label={t`Confirm new password`}
          autoComplete="new-password"
          value={v.re_password}
          onChange={set('re_password')}
        />
        {errorFor('re_password')}
      </div>
      <div className={styles.field}>
        <label className={styles.fieldLabel} htmlFor="pw-code">
          <Trans>Verification code</Trans>
        </label>
        <div className={styles.fieldRow}>
          <Input
            id="pw-code"
            aria-label={t`Verification code`}
            inputMode="numeric"
            maxLength={6}
            value={v.code}
            onChange={set('code')}
          />
          <CodeButton
            timerKey="login-password"
            disabled={!user}
            onSend={async () => (user ? (await sendPasswordCode(user)).resend_in : false)}
          />
        </div>
        {errorFor('code')}
      </div>
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
    </div>
  );
}
