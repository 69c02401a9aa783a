import { useState } from 'react';
import { Input } from 'antd-mobile';
import EyeInvisibleOutline from 'antd-mobile-icons/es/EyeInvisibleOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import { useLingui } from '@lingui/react/macro';

export interface PasswordInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Accessible name of the input (the visible label is drawn by the surrounding form). */
  label?: string;
  /** `current-password` on login, `new-password` where a password is chosen. */
  autoComplete: 'current-password' | 'new-password';
  name?: string;
  id?: string;
  disabled?: boolean;
  onEnterPress?: () => void;
}

/** A password field with a show/hide toggle; the toggle never submits the surrounding form. */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOutline : EyeInvisibleOutline;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, width: '100%' }}>
      <Input
        style={{ flex: 1, minWidth: 0 }}
        type={visible ? 'text' : 'password'}
        value={props.value}
        onChange={props.onChange}
        placeholder={props.placeholder}
        aria-label={props.label}
        autoComplete={props.autoComplete}
        autoCapitalize="off"
        autoCorrect="off"
        name={props.name}
        id={props.id}
        disabled={props.disabled}
        maxLength={64}
        clearable
        onEnterPress={props.onEnterPress}
      />
      <button
        type="button"
        aria-label={visible ? t`Hide password` : t`Show password`}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
        style={{
          background: 'none',
          border: 0,
          // 20 px icon: a 44 x 44 touch target.
          padding: 12,
          margin: -4,
          color: 'var(--adm-color-weak)',
          fontSize: 20,
          lineHeight: 0,
          cursor: 'pointer',
        }}
      >
        <Icon />
      </button>
    </div>
  );
}

export default PasswordInput;
