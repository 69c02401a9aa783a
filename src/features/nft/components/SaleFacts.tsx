import { Trans } from '@lingui/react/macro';
import type { NftArtwork } from '@contract/nft';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import styles from './nft.module.css';

/** The sale's terms: price, or for an auction the starting price, current bid, minimum next bid, increment and margin. */
export function SaleFacts({ artwork: a }: { artwork: NftArtwork }) {
  const locale = activeBcp47();
  const c = a.currency_name;
  const auction = a.pay_type === 2;
  return (
    <dl className={styles.facts} data-testid="nft-sale">
      <dt>{auction ? <Trans>Starting price</Trans> : <Trans>Price</Trans>}</dt>
      <dd data-testid="nft-price">
        {a.price} {c}
      </dd>
      {auction && (
        <>
          <dt>
            <Trans>Current bid</Trans>
          </dt>
          <dd data-testid="nft-current">
            {a.current_price === null ? <Trans>No bids yet</Trans> : `${a.current_price} ${c}`}
          </dd>
          <dt>
            <Trans>Bids</Trans>
          </dt>
          <dd>{a.bid_count}</dd>
          {a.min_bid !== null && a.status === 'started' && (
            <>
              <dt>
                <Trans>Minimum next bid</Trans>
              </dt>
              <dd data-testid="nft-min-bid">
                {a.min_bid} {c}
              </dd>
            </>
          )}
          <dt>
            <Trans>Increment</Trans>
          </dt>
          <dd>
            {a.per_increase} {c}
          </dd>
          <dt>
            <Trans>Margin</Trans>
          </dt>
          <dd data-testid="nft-margin">
            {a.margin} {c} {a.margin_paid && <Trans>(held)</Trans>}
          </dd>
        </>
      )}
      {a.start_time !== null && (
        <>
          <dt>
            <Trans>Start time</Trans>
          </dt>
          <dd>{formatDateTime(a.start_time, locale)}</dd>
        </>
      )}
      {a.end_time !== null && (
        <>
          <dt>
            <Trans>End time</Trans>
          </dt>
          <dd data-testid="nft-end">{formatDateTime(a.end_time, locale)}</dd>
        </>
      )}
    </dl>
  );
}
