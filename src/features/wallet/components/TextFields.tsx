import { Input } from 'antd-mobile';
import styles from './wallet.module.css';

export interface TextFieldDef<K extends string> {
  name: K;
  label: string;
  placeholder?: string;
}

interface TextFieldsProps<K extends string> {
  fields: readonly TextFieldDef<K>[];
  values: Record<K, string>;
  onChange: (name: K, value: string) => void;
  /** The field the last validation named, with its message. */
  error?: { field: string; message: string } | null;
}

/** Plain labelled text inputs for the binding forms; every field is required there. */
export function TextFields<K extends string>({ fields, values, onChange, error }: TextFieldsProps<K>) {
  return (
    <>
      {fields.map((f) => (
        <div className={styles.field} key={f.name}>
          <label className={styles.fieldLabel} htmlFor={`f-${f.name}`}>
            {f.label}
          </label>
          <Input
            id={`f-${f.name}`}
            aria-label={f.label}
            value={values[f.name]}
            placeholder={f.placeholder ?? f.label}
            onChange={(v) => onChange(f.name, v)}
            clearable
          />
          {error?.field === f.name && (
            <div className={styles.error} role="alert">
              {error.message}
            </div>
          )}
        </div>
      ))}
    </>
  );
}
