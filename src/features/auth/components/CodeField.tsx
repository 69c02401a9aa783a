import { Input } from 'antd-mobile';
import { useLingui } from '@lingui/react/macro';
import type { AccountType, CodeScene } from '@contract/auth';
import { CodeButton } from '@/components/CodeButton';
import { CODE_LENGTH, codeDigits } from '@contract/domain/rules';
import { Field } from './Field';
import styles from './auth.module.css';

interface Props {
  id: string;
  scene: CodeScene;
  type: AccountType;
  value: string;
  onChange: (value: string) => void;
  onSend: () => Promise<number | false>;
  error?: string;
}

/** The 6-digit code with its get-code button; one countdown per scene and account type. */
export function CodeField({ id, scene, type, value, onChange, onSend, error }: Props) {
  const { t } = useLingui();
  return (
    <Field label={t`Verification code`} error={error}>
      <div className={styles.row}>
        <Input
          id={id}
          style={{ flex: 1, minWidth: 0 }}
          value={value}
          onChange={(v) => onChange(codeDigits(v))}
          aria-label={t`Verification code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          placeholder={t`6-digit code`}
        />
        <CodeButton timerKey={`${scene}:${type}`} onSend={onSend} />
      </div>
    </Field>
  );
}
