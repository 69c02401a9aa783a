import { useState } from 'react';
import { Picker } from 'antd-mobile';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import { FormField } from '@/components/FormField';
import styles from './wallet.module.css';

interface Option {
  label: string;
  value: string;
}

interface PickerFieldProps {
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  placeholder?: string;
}

/** A labelled button that opens a one-column picker. */
export function PickerField({ label, value, options, onChange, placeholder }: PickerFieldProps) {
  const [open, setOpen] = useState(false);
  const current = options.find((o) => o.value === value);
  return (
    <FormField label={label}>
      <button
        type="button"
        className={styles.picker}
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span>{current?.label ?? placeholder}</span>
        <DownOutline />
      </button>
      <Picker
        columns={[options]}
        visible={open}
        value={[value]}
        onClose={() => setOpen(false)}
        onConfirm={(v) => v[0] !== undefined && v[0] !== null && onChange(String(v[0]))}
      />
    </FormField>
  );
}
