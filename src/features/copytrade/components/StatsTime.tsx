import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import styles from './copytrade.module.css';

/** When the hourly statistics were computed (SPEC.md section 9: trader data updates hourly). */
export function StatsTime({ asOf }: { asOf: string | null | undefined }) {
  return (
    <p className={styles.statsTime} data-testid="stats-as-of">
      {asOf ? (
        <Trans>Statistics as of {formatDateTime(Date.parse(asOf), activeBcp47())}, updated hourly</Trans>
      ) : (
        <Trans>Statistics are computed hourly; the first run has not happened yet</Trans>
      )}
    </p>
  );
}
