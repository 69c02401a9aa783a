import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { AUCTION_EXTENSION_WINDOW_MS, saleState, type NftArtwork } from '@contract/nft';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { clock, remaining } from '../model/countdown';
import { useNow } from '../state/now';
import styles from './nft.module.css';

type Sale = Pick<NftArtwork, 'sale_id' | 'pay_type' | 'start_time' | 'end_time'>;

/**
 * The live countdown of a sale: to the start, then to the end. An auction's end moves later when
 * someone bids in its last 5 minutes; the screen says so, with the new end, once it has seen the
 * end move, and warns inside the last 5 minutes. `onPassed` runs when the start or end passes.
 */
export function Countdown({ sale, onPassed }: { sale: Sale; onPassed?: () => void }) {
  const { t } = useLingui();
  const locale = activeBcp47();
  const active = sale.start_time !== null && sale.end_time !== null;
  const now = useNow(1000, active);
  // The end first seen for this sale: a later end means a bid extended it.
  const [seen, setSeen] = useState({ sale: sale.sale_id, end: sale.end_time });
  if (seen.sale !== sale.sale_id) setSeen({ sale: sale.sale_id, end: sale.end_time });
  const state = active ? saleState(now, sale.start_time!, sale.end_time!) : null;
  const last = useRef(state);
  useEffect(() => {
    if (last.current === state) return;
    last.current = state;
    onPassed?.();
  }, [state, onPassed]);
  if (!active || state === null) return null;
  const auction = sale.pay_type === 2;
  const left = remaining(state === 'not_started' ? sale.start_time! : sale.end_time!, now);
  const extended = auction && seen.end !== null && sale.end_time! > seen.end;
  const endText = formatDateTime(sale.end_time!, locale);
  return (
    <div className={styles.countdown} data-testid="nft-countdown" role="timer">
      {state === 'ended' ? (
        <span>
          <Trans>Ended {endText}</Trans>
        </span>
      ) : (
        <>
          <span>{state === 'not_started' ? <Trans>Starts in</Trans> : <Trans>Ends in</Trans>}</span>
          <strong data-testid="nft-countdown-clock">{clock(left, t`d`)}</strong>
        </>
      )}
      {extended && state === 'started' && (
        <span className={styles.extended} data-testid="nft-extended">
          <Trans>Extended by a late bid: now ends {endText}</Trans>
        </span>
      )}
      {auction && state === 'started' && sale.end_time! - now <= AUCTION_EXTENSION_WINDOW_MS && (
        <span className={styles.extended}>
          <Trans>Last 5 minutes: a bid now moves the end 5 minutes later.</Trans>
        </span>
      )}
    </div>
  );
}
