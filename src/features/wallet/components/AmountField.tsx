import { Input } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormField } from '@/components/FormField';
import { sanitizeAmountInput } from '../model/amount';
import styles from './wallet.module.css';

interface AmountFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  unit?: string;
  /** Fills in the whole spendable amount. */
  onMax?: () => void;
  hint?: string;
  error?: string;
}

export function AmountField({ label, value, onChange, unit, onMax, hint, error }: AmountFieldProps) {
  const { t } = useLingui();
  return (
    <FormField
      label={label}
      htmlFor="amount"
      error={error}
      row
      after={hint && <div className={styles.hint}>{hint}</div>}
    >
      <Input
        id="amount"
        aria-label={label}
        inputMode="decimal"
        placeholder={t`Enter amount`}
        value={value}
        onChange={(v) => onChange(sanitizeAmountInput(v))}
        clearable
      />
      {unit && <span className={styles.muted}>{unit}</span>}
      {onMax && (
        <button type="button" className={styles.linkButton} onClick={onMax}>
          <Trans>Max</Trans>
        </button>
      )}
    </FormField>
  );
}
