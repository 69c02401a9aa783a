import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import styles from './copytrade.module.css';

const HOUR = 3_600_000;

/** The hourly run covers each whole hour once it has ended: the next one is at the next full hour. */
export const nextHourlyRun = (now: number) => Math.floor(now / HOUR) * HOUR + HOUR;

/** When the hourly statistics were computed (SPEC.md section 9: trader data updates hourly). */
export function StatsTime({ asOf }: { asOf: string | null | undefined }) {
  const [openedAt] = useState(Date.now);
  return (
    <p className={styles.statsTime} data-testid="stats-as-of">
      {asOf ? (
        <Trans>Statistics as of {formatDateTime(Date.parse(asOf), activeBcp47())}, updated hourly</Trans>
      ) : (
        <Trans>
          Statistics not computed yet; the next hourly computation is at{' '}
          {formatDateTime(nextHourlyRun(openedAt), activeBcp47())}
        </Trans>
      )}
    </p>
  );
}
