import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '@/lib/format';
import { stepDecimals } from '@/lib/depth';
import styles from './DepthSteps.module.css';

/** The price step an order book groups its levels by (tick size x 1, 10, 100). */
export function DepthSteps({
  steps,
  value,
  onChange,
}: {
  steps: readonly string[];
  value: string;
  onChange: (step: string) => void;
}) {
  const { t } = useLingui();
  if (steps.length < 2) return null;
  return (
    <select
      className={styles.select}
      value={value}
      aria-label={t`Group prices by`}
      data-testid="depth-step"
      onChange={(e) => onChange(e.target.value)}
    >
      {steps.map((s) => (
        <option key={s} value={s}>
          {formatNumber(s, stepDecimals(s))}
        </option>
      ))}
    </select>
  );
}
