import { Input } from 'antd-mobile';
import { FormField, messageFor, type FieldError } from '@/components/FormField';

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
  error?: FieldError | null;
}

/** Plain labelled text inputs for the binding forms; every field is required there. */
export function TextFields<K extends string>({ fields, values, onChange, error }: TextFieldsProps<K>) {
  return (
    <>
      {fields.map((f) => (
        <FormField key={f.name} label={f.label} htmlFor={`f-${f.name}`} error={messageFor(error ?? null, f.name)}>
          <Input
            id={`f-${f.name}`}
            aria-label={f.label}
            value={values[f.name]}
            placeholder={f.placeholder ?? f.label}
            onChange={(v) => onChange(f.name, v)}
            clearable
          />
        </FormField>
      ))}
    </>
  );
}
