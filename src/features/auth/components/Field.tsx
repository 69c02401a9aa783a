import type { ReactNode } from 'react';
import { Form } from 'antd-mobile';
import styles from './auth.module.css';

interface FieldProps {
  /** Also given to the input as its accessible name: the Form.Item label is not tied to it. */
  label: string;
  /** The localized validation message for this field, if any. */
  error?: string;
  extra?: ReactNode;
  children: ReactNode;
}

export function Field({ label, error, extra, children }: FieldProps) {
  return (
    <Form.Item
      label={label}
      extra={extra}
      description={
        error ? (
          <div className={styles.error} role="alert">
            {error}
          </div>
        ) : undefined
      }
    >
      {children}
    </Form.Item>
  );
}
