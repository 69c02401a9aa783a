import { useState } from 'react';
import { Button, Input, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { bindEmail } from '@contract/identity';
import { FormField, messageFor, VerificationCodeField, type FieldError } from '@/components/FormField';
import { apiErrorsShown, useSubmit } from '@/lib/submit';
import { useValidator } from '@/lib/validation';
import { refreshUser, requestBindEmail, sendBindEmailCode } from '../api/identity';
import styles from './identity.module.css';

/** Binds an email address with a code sent to it. */
export function BindEmailForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const validate = useValidator();
  const [v, setV] = useState({ email: '', code: '' });
  const [error, setError] = useState<FieldError | null>(null);

  const send = async () => {
    const checked = validate(bindEmail.request.pick({ email: true }), { email: v.email });
    if (!checked.ok) {
      setError(checked);
      return false;
    }
    setError(null);
    return (await sendBindEmailCode(checked.data.email)).resend_in;
  };

  const { submit, busy } = useSubmit(
    async () => {
      const checked = validate(bindEmail.request, v);
      if (!checked.ok) return setError(checked);
      setError(null);
      await requestBindEmail(checked.data);
      await refreshUser().catch(apiErrorsShown('bind email'));
      Toast.show({ icon: 'success', content: t`Email bound` });
      onDone();
    },
    { name: 'bind email' },
  );

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <FormField label={t`Email`} htmlFor="bind-email" error={messageFor(error, 'email')}>
          <Input
            id="bind-email"
            aria-label={t`Email`}
            type="email"
            value={v.email}
            onChange={(email) => setV((o) => ({ ...o, email }))}
            clearable
          />
        </FormField>
        <VerificationCodeField
          id="bind-code"
          value={v.code}
          onChange={(code) => setV((o) => ({ ...o, code }))}
          error={messageFor(error, 'code')}
          timerKey="bind-email"
          onSend={send}
        />
        <Button className={styles.submit} block color="primary" loading={busy} disabled={busy} onClick={submit}>
          <Trans>Bind email</Trans>
        </Button>
      </section>
    </div>
  );
}
