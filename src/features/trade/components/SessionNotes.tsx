import { Trans } from '@lingui/react/macro';
import type { TradingSession } from '@contract/trade';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';

interface SessionNotesProps {
  session: TradingSession | undefined;
  isStock: boolean;
  stale: boolean;
  simulated: boolean;
  /** When the figures on screen are from, while they cannot be refreshed. */
  asOf: number | undefined;
}

/** Open or closed (stocks), stale price, simulated data and "as of" notes above the form. */
export function SessionNotes({ session, isStock, stale, simulated, asOf }: SessionNotesProps) {
  const opensAt = session?.opens_at;
  const opens = opensAt ? formatDateTime(opensAt, activeBcp47()) : '';
  const when = asOf ? formatDateTime(asOf, activeBcp47()) : '';
  return (
    <div className={fieldStyles.notes}>
      {isStock && session?.open === true && (
        <span className={fieldStyles.tagUp} data-testid="session">
          <Trans>Market open</Trans>
        </span>
      )}
      {session?.open === false && (
        <span className={fieldStyles.tagDown} data-testid="session">
          {opens ? <Trans>Market closed · opens {opens}</Trans> : <Trans>Market closed</Trans>}
        </span>
      )}
      {stale && session?.open !== false && (
        <span className={fieldStyles.warn} data-testid="stale-notice">
          <Trans>Price not updating: market orders are paused</Trans>
        </span>
      )}
      {simulated && (
        <span className={fieldStyles.tag}>
          <Trans>Simulated data</Trans>
        </span>
      )}
      {when && (
        <span className={fieldStyles.warn} data-testid="as-of">
          <Trans>Offline: as of {when}</Trans>
        </span>
      )}
    </div>
  );
}
