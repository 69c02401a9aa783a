import { Trans } from '@lingui/react/macro';
import { formatDateTime } from '@/lib/format/time';
import { activeBcp47 } from '@/lib/i18n';
import styles from './quoteRow.module.css';
import { priceTag, type MarketQuote } from '../model/quotes';

/** The demo label: the prices come from a simulation, not a market (always visible in demo). */
export function SimulatedLabel({ placeholder = false }: { placeholder?: boolean }) {
  // The placeholder keeps the label's place, unseen, while the list is loading.
  if (placeholder)
    return (
      <span className={styles.tag} style={{ visibility: 'hidden' }} aria-hidden="true">
        <Trans>Simulated data</Trans>
      </span>
    );
  return (
    <span className={styles.tag} data-testid="simulated-label">
      <Trans>Simulated data</Trans>
    </span>
  );
}

/** "As of …": the time of the data on screen when it is not live. */
export function AsOf({ time }: { time: number }) {
  const when = formatDateTime(time, activeBcp47());
  return (
    <span className={styles.asOf} data-testid="as-of">
      <Trans>As of {when}</Trans>
    </span>
  );
}

export function StaleTag() {
  return (
    <span className={styles.stale} data-testid="stale-label">
      <Trans>Stale</Trans>
    </span>
  );
}

/** A stock whose market is out of session: its price is the last close, not a late feed. */
export function ClosedTag() {
  return (
    <span className={styles.stale} data-testid="closed-label">
      <Trans>Closed</Trans>
    </span>
  );
}

/** "Closed" or "Stale" after a pair's price, or nothing (see `priceTag`). */
export function PriceTag({ quote }: { quote: Pick<MarketQuote, 'stale' | 'market_open'> }) {
  const tag = priceTag(quote);
  return tag === 'closed' ? <ClosedTag /> : tag === 'stale' ? <StaleTag /> : null;
}
