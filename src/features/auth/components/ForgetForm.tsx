import { Button, Form, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import type { AccountType } from '@contract/auth';
import { PasswordInput } from '@/components/PasswordInput';
import { useSubmit } from '@/lib/submit';
import { useValidator } from '@/lib/validation';
import { requestPasswordReset } from '../api/forget';
import { useCheckAccount } from '../hooks/useCheckAccount';
import { useDraftForm } from '../hooks/useDraftForm';
import { useSendCode } from '../hooks/useSendCode';
import { ACCOUNT_FIELDS, forgetFields } from '../model/schemas';
import { emptyForget, forgetDraftAtom, loginDraftAtom } from '../state/drafts';
import { AccountInput } from './AccountInput';
import { AccountTypeTabs } from './AccountTypeTabs';
import { CodeField } from './CodeField';
import { Field } from './Field';
import styles from './auth.module.css';

export interface ForgetFormProps {
  onReset: () => void;
  onPickArea: () => void;
}

export function ForgetForm({ onReset, onPickArea }: ForgetFormProps) {
  const { t } = useLingui();
  const validate = useValidator();
  const checkAccount = useCheckAccount();
  const setLoginDraft = useSetAtom(loginDraftAtom);
  const { draft, setDraft, set, setError, errorFor } = useDraftForm(forgetDraftAtom);
  const sendCode = useSendCode('forget', setError);

  const { submit, busy: loading } = useSubmit(
    async () => {
      const { type, account: typed, ...values } = draft;
      const account = checkAccount(type, typed);
      if (!account.ok) return setError(account);
      const fields = validate(forgetFields, values);
      if (!fields.ok) return setError(fields);
      const { user_string, area_code } = account.data;
      await requestPasswordReset({ account: user_string, area_code, ...fields.data, type });
      // The login form opens with the account filled in; only the new password is left to type.
      setLoginDraft({ type, user_string: typed, password: '' });
      setDraft(emptyForget());
      Toast.show({
        icon: 'success',
        // antd-mobile breaks toast text anywhere; whole words read better in a sentence.
        content: (
          <span
            style={{ wordBreak: 'normal', overflowWrap: 'anywhere' }}
          >{t`Your password has been reset. Please log in.`}</span>
        ),
      });
      onReset();
    },
    { name: 'forgot password' },
  );
  const onSubmit = () => void submit();
  const switchType = (type: AccountType) => {
    setDraft((d) => ({ ...d, type, account: '', code: '' }));
    setError(null);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>
        <Trans>Reset your password</Trans>
      </h1>
      <p className={styles.lead}>
        <Trans>
          Enter the email address or mobile number of your account. We will send you a code to set a new password.
        </Trans>
      </p>
      <AccountTypeTabs value={draft.type} onChange={switchType} />
      <Form layout="vertical" className={styles.form}>
        <Field label={draft.type === 'email' ? t`Email` : t`Mobile number`} error={errorFor(...ACCOUNT_FIELDS)}>
          <AccountInput
            id="forget-account"
            type={draft.type}
            value={draft.account}
            onChange={set('account')}
            onPickArea={onPickArea}
          />
        </Field>
        <CodeField
          id="forget-code"
          scene="forget"
          type={draft.type}
          value={draft.code}
          onChange={set('code')}
          onSend={() => sendCode(draft.type, draft.account)}
          error={errorFor('code')}
        />
        <Field label={t`New password`} error={errorFor('password')}>
          <PasswordInput
            id="forget-password"
            label={t`New password`}
            autoComplete="new-password"
            value={draft.password}
            onChange={set('password')}
            placeholder={t`More than 6 characters`}
          />
        </Field>
        <Field label={t`Confirm new password`} error={errorFor('repassword')}>
          <PasswordInput
            id="forget-confirm"
            label={t`Confirm new password`}
            autoComplete="new-password"
            value={draft.repassword}
            onChange={set('repassword')}
            placeholder={t`Enter the new password again`}
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
        <Trans>Reset password</Trans>
      </Button>
    </div>
  );
}
