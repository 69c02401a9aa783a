import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { PERIODS, type Period } from '@contract/market-events';
import styles from './pair.module.css';

const LABELS = {
  '1min': msg`1m`,
  '5min': msg`5m`,
  '15min': msg`15m`,
  '30min': msg`30m`,
  '60min': msg`1H`,
  '1day': msg`1D`,
  '1week': msg`1W`,
  '1mon': msg`1M`,
} as const;

export function PeriodTabs({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const { i18n } = useLingui();
  return (
    <div className={styles.periods} role="group" data-testid="periods">
      {PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          className={styles.period}
          aria-pressed={p === value}
          data-period={p}
          onClick={() => onChange(p)}
        >
          {i18n._(LABELS[p])}
        </button>
      ))}
    </div>
  );
}
