import type { ReactNode } from 'react';
import styles from './FormField.module.css';

/** The last validation's refusal: the field it names and its localized message. */
export interface FieldError {
  field: string;
  message: string;
}

/** The message of `error` when it names `field`. */
export const messageFor = (error: FieldError | null, field: string) =>
  error?.field === field ? error.message : undefined;

interface FormFieldProps {
  label: ReactNode;
  /**
   * The input the label names. Without it the label is a caption: selectors, pickers and file
   * pickers carry their own accessible name.
   */
  htmlFor?: string;
  /** The localized validation message for this field, if any. */
  error?: string | null;
  /** The control shares its line with what follows it (a code input and its send button). */
  row?: boolean;
  /** Under the control, above the error (hints, secondary buttons). */
  after?: ReactNode;
  children: ReactNode;
}

/** A labelled control of the settings, identity and wallet forms, with its error under it. */
export function FormField({ label, htmlFor, error, row, after, children }: FormFieldProps) {
  return (
    <div className={styles.field}>
      {htmlFor ? (
        <label className={styles.label} htmlFor={htmlFor}>
          {label}
        </label>
      ) : (
        <span className={styles.label}>{label}</span>
      )}
      {row ? <div className={styles.row}>{children}</div> : children}
      {after}
      {error && (
        <div className={styles.error} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
