import { Button, Form, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountType } from '@contract/auth';
import { PasswordInput } from '@/components/PasswordInput';
import { passkeysSupported, signWithPasskey } from '@/lib/passkey';
import { useSubmit } from '@/lib/submit';
import { useValidator } from '@/lib/validation';
import { requestLogin, requestPasskeyLogin, requestPasskeyOptions } from '../api/login';
import { useCheckAccount } from '../hooks/useCheckAccount';
import { useCompleteSignIn } from '../hooks/useCompleteSignIn';
import { useDraftForm } from '../hooks/useDraftForm';
import { ACCOUNT_FIELDS, loginFields } from '../model/schemas';
import { emptyLogin, loginDraftAtom } from '../state/drafts';
import { AccountInput } from './AccountInput';
import { AccountTypeTabs } from './AccountTypeTabs';
import { Field } from './Field';
import styles from './auth.module.css';

export interface LoginFormProps {
  onSignedIn: () => void;
  onPickArea: () => void;
  onForgotPassword: () => void;
  onRegister: () => void;
}

export function LoginForm({ onSignedIn, onPickArea, onForgotPassword, onRegister }: LoginFormProps) {
  const { t } = useLingui();
  const validate = useValidator();
  const completeSignIn = useCompleteSignIn();
  const checkAccount = useCheckAccount();
  const { draft, setDraft, set, setError, errorFor } = useDraftForm(loginDraftAtom);

  const { submit, busy: loading } = useSubmit(
    async () => {
      const { password, user_string, type } = draft;
      const account = checkAccount(type, user_string);
      if (!account.ok) return setError(account);
      const fields = validate(loginFields, { password });
      if (!fields.ok) return setError(fields);
      const token = await requestLogin({ ...account.data, ...fields.data, type });
      await completeSignIn(token);
      setDraft(emptyLogin());
      onSignedIn();
    },
    { name: 'login' },
  );
  const onSubmit = () => void submit();

  // No account or password typed: the passkey the device offers names its account.
  const passkey = useSubmit(
    async () => {
      if (!passkeysSupported()) return void Toast.show({ content: t`This browser does not support passkeys` });
      const credential = await signWithPasskey(await requestPasskeyOptions());
      if (!credential) return void Toast.show({ content: t`The passkey was not used. Please try again.` });
      await completeSignIn(await requestPasskeyLogin(credential));
      setDraft(emptyLogin());
      onSignedIn();
    },
    { name: 'passkey login' },
  );
  const switchType = (type: AccountType) => {
    setDraft((d) => ({ ...d, type, user_string: '' }));
    setError(null);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>
        <Trans>Welcome back</Trans>
      </h1>
      <p className={styles.lead}>
        <Trans>Log in with your email address or mobile number.</Trans>
      </p>
      <AccountTypeTabs value={draft.type} onChange={switchType} />
      <Form layout="vertical" className={styles.form}>
        <Field label={draft.type === 'email' ? t`Email` : t`Mobile number`} error={errorFor(...ACCOUNT_FIELDS)}>
          <AccountInput
            id="login-account"
            type={draft.type}
            value={draft.user_string}
            onChange={set('user_string')}
            onPickArea={onPickArea}
            onEnterPress={onSubmit}
          />
        </Field>
        <Field label={t`Password`} error={errorFor('password')}>
          <PasswordInput
            id="login-password"
            label={t`Password`}
            name="password"
            autoComplete="current-password"
            value={draft.password}
            onChange={set('password')}
            placeholder={t`Enter your password`}
            onEnterPress={onSubmit}
          />
        </Field>
      </Form>
      <Button
        className={styles.submit}
        block
        color="primary"
        size="large"
        loading={loading}
        disabled={loading}
        onClick={onSubmit}
      >
        <Trans>Log in</Trans>
      </Button>
      <Button
        className={styles.passkey}
        block
        fill="outline"
        size="large"
        loading={passkey.busy}
        disabled={passkey.busy || loading}
        onClick={() => void passkey.submit()}
        data-testid="passkey-login"
      >
        <Trans>Sign in with a passkey</Trans>
      </Button>
      <div className={styles.links}>
        <button type="button" className={styles.link} onClick={onForgotPassword}>
          <Trans>Forgot password?</Trans>
        </button>
        <span>
          <span className={styles.muted}>
            <Trans>No account yet?</Trans>
          </span>{' '}
          <button type="button" className={styles.link} onClick={onRegister}>
            <Trans>Register</Trans>
          </button>
        </span>
      </div>
    </div>
  );
}
