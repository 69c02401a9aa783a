import { Trans } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import styles from './toolkit.module.css';

export const REASON_MAX = 200;

export interface ReasonFieldProps {
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  label?: ReactNode;
  /** Under the field, e.g. "The user sees this reason." */
  hint?: ReactNode;
}

/** The reason of a decision, written to the audit log (and shown to the user where the hint says so). */
export function ReasonField({ value, onChange, required = false, label, hint }: ReasonFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {label ?? <Trans>Reason</Trans>}
        {required && <span className={styles.required}> *</span>}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={value}
        maxLength={REASON_MAX}
        required={required}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && <span className={styles.hint}>{hint}</span>}
    </div>
  );
}
