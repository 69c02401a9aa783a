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
