import { Input } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import { CODE_LENGTH, codeDigits } from '@contract/domain/rules';
import { CodeButton, type CodeButtonProps } from '../CodeButton';
import { FormField } from './FormField';

interface VerificationCodeFieldProps extends CodeButtonProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

/** The 6-digit code a form asks for, with the button that sends it and its countdown. */
export function VerificationCodeField({ id, value, onChange, error, ...button }: VerificationCodeFieldProps) {
  const { t } = useLingui();
  return (
    <FormField label={t`Verification code`} htmlFor={id} error={error} row>
      <Input
        id={id}
        aria-label={t`Verification code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        value={value}
        onChange={(v) => onChange(codeDigits(v))}
      />
      <CodeButton {...button} />
    </FormField>
  );
}
