import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { BCP47 } from '@contract/domain/locales';
import { formatDateTime } from '@/lib/format';
import { languageAtom } from '@/lib/state';
import styles from './wallet.module.css';

/**
 * Says how old cached figures are. Shown whenever the last refresh failed (usually offline), so
 * nobody mistakes yesterday's balance for today's.
 */
export function AsOf({ savedAt, stale }: { savedAt: number | undefined; stale: boolean }) {
  const locale = useAtomValue(languageAtom);
  if (!stale || savedAt === undefined) return null;
  const time = formatDateTime(savedAt, BCP47[locale]);
  return (
    <div className={styles.asOf} role="status" data-testid="as-of">
      <Trans>Offline: figures as of {time}</Trans>
    </div>
  );
}

/**
 * Where the fiat total's rate comes from and its date, shown beside the total: the shipped table
 * may be months old, and a total converted with it must say so.
 */
export function RatesAsOf({ source, asOf }: { source: 'live' | 'fallback'; asOf: string }) {
  const locale = useAtomValue(languageAtom);
  // A balance cached by an older version has no date; then there is nothing to show.
  if (!asOf) return null;
  const date = formatDateTime(Date.parse(asOf), BCP47[locale]);
  return (
    <div className={styles.sub} data-testid="rates-as-of">
      {source === 'live' ? (
        <Trans>Exchange rates as of {date}</Trans>
      ) : (
        <Trans>Exchange rates: built-in table of {date}</Trans>
      )}
    </div>
  );
}
