import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { payPassword } from '@contract/fund';
import { FormField, messageFor, VerificationCodeField, type FieldError } from '@/components/FormField';
import { PasswordInput } from '@/components/PasswordInput';
import { confirmIfStronger, useStepUp } from '@/components/StepUp';
import { userAtom } from '@/lib/state';
import { apiErrorsShown, useSubmit } from '@/lib/submit';
import { useValidator } from '@/lib/validation';
import { savePayPassword } from '../api/binding';
import { refreshUser, sendSecurityCode } from '../api/user';
import styles from './wallet.module.css';

/** Sets or changes the payment password with a security code sent to the bound email or phone. */
export function PayPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const validate = useValidator();
  const user = useAtomValue(userAtom);
  const [v, setV] = useState({ pay_password: '', re_pay_password: '', code: '' });
  const [error, setError] = useState<FieldError | null>(null);
  const stepUp = useStepUp();
  const set = (k: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [k]: value }));

  const { submit, busy } = useSubmit(
    async () => {
      const checked = validate(payPassword.request, v);
      if (!checked.ok) return setError(checked);
      setError(null);
      const step_up = await confirmIfStronger(stepUp.confirm, 'pay_password');
      if (step_up === null) return;
      await savePayPassword({ ...v, ...(step_up ? { step_up } : {}) });
      await refreshUser().catch(apiErrorsShown('pay password'));
      Toast.show({ icon: 'success', content: t`Payment password saved` });
      onDone();
    },
    { name: 'pay password' },
  );

  return (
    <div className={styles.page}>
      <p className={styles.hint}>
        {user?.has_pay_password ? (
          <Trans>Change the password you confirm withdrawals with.</Trans>
        ) : (
          <Trans>Set the password you will confirm withdrawals with.</Trans>
        )}
      </p>
      <section className={styles.form}>
        <FormField label={t`Payment password`} htmlFor="pp-new" error={messageFor(error, 'pay_password')}>
          <PasswordInput
            id="pp-new"
            label={t`Payment password`}
            autoComplete="new-password"
            value={v.pay_password}
            onChange={set('pay_password')}
            placeholder={t`More than 6 characters`}
          />
        </FormField>
        <FormField label={t`Confirm payment password`} htmlFor="pp-again" error={messageFor(error, 're_pay_password')}>
          <PasswordInput
            id="pp-again"
            label={t`Confirm payment password`}
            autoComplete="new-password"
            value={v.re_pay_password}
            onChange={set('re_pay_password')}
          />
        </FormField>
        <VerificationCodeField
          id="pp-code"
          value={v.code}
          onChange={set('code')}
          error={messageFor(error, 'code')}
          timerKey="pay-password"
          disabled={!user}
          onSend={async () => (user ? (await sendSecurityCode(user)).resend_in : false)}
        />
      </section>
      <Button
        className={styles.submit}
        block
        color="primary"
        size="large"
        loading={busy}
        disabled={busy}
        onClick={submit}
      >
        <Trans>Save</Trans>
      </Button>
      {stepUp.sheet}
    </div>
  );
}
