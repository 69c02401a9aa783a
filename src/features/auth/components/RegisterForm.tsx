import { useEffect } from 'react';
import { Button, Form } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountType } from '@contract/auth';
import { PasswordInput } from '@/components/PasswordInput';
import { signIn } from '@/lib/state';
import { useSubmit } from '@/lib/submit';
import { useValidator } from '@/lib/validation';
import { requestRegister } from '../api/register';
import { useCheckAccount } from '../hooks/useCheckAccount';
import { useDraftForm } from '../hooks/useDraftForm';
import { useSendCode } from '../hooks/useSendCode';
import { ACCOUNT_FIELDS, registerFields, withoutBlank } from '../model/schemas';
import { emptyRegister, registerDraftAtom } from '../state/drafts';
import { AccountInput } from './AccountInput';
import { Agreement } from './Agreement';
import { AccountTypeTabs } from './AccountTypeTabs';
import { CodeField } from './CodeField';
import { Field } from './Field';
import { InviteField } from './InviteField';
import styles from './auth.module.css';

export interface RegisterFormProps {
  /** From a shared invitation link; fills the invitation code field. */
  inviteCode: string;
  onRegistered: () => void;
  onPickArea: () => void;
  onLogin: () => void;
}

export function RegisterForm({ inviteCode, onRegistered, onPickArea, onLogin }: RegisterFormProps) {
  const { t } = useLingui();
  const validate = useValidator();
  const checkAccount = useCheckAccount();
  const { draft, setDraft, set, setError, errorFor } = useDraftForm(registerDraftAtom);
  const sendCode = useSendCode('register', setError);

  useEffect(() => {
    if (inviteCode) setDraft((d) => ({ ...d, extension_code: inviteCode }));
  }, [inviteCode, setDraft]);

  const { submit, busy: loading } = useSubmit(
    async () => {
      const { type, agreed, user_string, ...values } = draft;
      const account = checkAccount(type, user_string);
      if (!account.ok) return setError(account);
      const fields = validate(registerFields, withoutBlank(values));
      if (!fields.ok) return setError(fields);
      if (!agreed) return setError({ field: 'agreed', message: t`Please read and accept the user agreement.` });
      const { token, user } = await requestRegister({ ...account.data, ...fields.data, type });
      signIn(token, user);
      setDraft(emptyRegister());
      onRegistered();
    },
    { name: 'register' },
  );
  const onSubmit = () => void submit();
  const switchType = (type: AccountType) => {
    setDraft((d) => ({ ...d, type, user_string: '', code: '' }));
    setError(null);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>
        <Trans>Create your account</Trans>
      </h1>
      <p className={styles.lead}>
        <Trans>We will send a verification code to confirm it is yours.</Trans>
      </p>
      <AccountTypeTabs value={draft.type} onChange={switchType} />
      <Form layout="vertical" className={styles.form}>
        <Field label={draft.type === 'email' ? t`Email` : t`Mobile number`} error={errorFor(...ACCOUNT_FIELDS)}>
          <AccountInput
            id="register-account"
            type={draft.type}
            value={draft.user_string}
            onChange={set('user_string')}
            onPickArea={onPickArea}
          />
        </Field>
        <CodeField
          id="register-code"
          scene="register"
          type={draft.type}
          value={draft.code}
          onChange={set('code')}
          onSend={() => sendCode(draft.type, draft.user_string)}
          error={errorFor('code')}
        />
        <Field label={t`Password`} error={errorFor('password')}>
          <PasswordInput
            id="register-password"
            label={t`Password`}
            autoComplete="new-password"
            value={draft.password}
            onChange={set('password')}
            placeholder={t`More than 6 characters`}
          />
        </Field>
        <Field label={t`Confirm password`} error={errorFor('re_password')}>
          <PasswordInput
            id="register-confirm"
            label={t`Confirm password`}
            autoComplete="new-password"
            value={draft.re_password}
            onChange={set('re_password')}
            placeholder={t`Enter the password again`}
            onEnterPress={onSubmit}
          />
        </Field>
        <InviteField value={draft.extension_code} onChange={set('extension_code')} error={errorFor('extension_code')} />
      </Form>
      <Agreement checked={draft.agreed} onChange={set('agreed')} error={errorFor('agreed')} />
      <Button
        className={styles.submit}
        block
        color="primary"
        size="large"
        loading={loading}
        disabled={loading}
        onClick={onSubmit}
      >
        <Trans>Register</Trans>
      </Button>
      <div className={styles.links}>
        <span>
          <span className={styles.muted}>
            <Trans>Already have an account?</Trans>
          </span>{' '}
          <button type="button" className={styles.link} onClick={onLogin}>
            <Trans>Log in</Trans>
          </button>
        </span>
      </div>
    </div>
  );
}
