import { Input } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import { Field } from './Field';

interface Props {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The optional invitation code that links the new account to the person who invited it. */
export function InviteField({ value, onChange, error }: Props) {
  const { t } = useLingui();
  return (
    <Field label={t`Invitation code (optional)`} error={error}>
      <Input
        id="register-invite"
        aria-label={t`Invitation code`}
        value={value}
        onChange={onChange}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={32}
        clearable
        placeholder={t`Enter an invitation code if you have one`}
      />
    </Field>
  );
}
