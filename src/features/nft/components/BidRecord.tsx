import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NftBid } from '@contract/nft';
import { settlementRef } from '@contract/record';
import { VerifyLink } from '@/components/VerifyLink';
import { ListEnd } from '@/components/ListEnd';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import styles from './nft.module.css';

interface BidRecordProps {
  rows: NftBid[] | null | undefined;
  failed: boolean;
  more: boolean;
  loadMore: () => Promise<void>;
  /** Each row names its artwork (the user's own bids across auctions, a tab of its own: its error
   *  and empty states are the blocks the other tabs show, not the hint of the detail's section). */
  named?: boolean;
  onOpen?: (bid: NftBid) => void;
}

/** Bids, highest or newest first: bidder (others masked), price, time, and which one leads. */
export function BidRecord({ rows, failed, more, loadMore, named = false, onOpen }: BidRecordProps) {
  const { t } = useLingui();
  const locale = activeBcp47();
  if (rows === undefined) {
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  }
  return (
    <>
      {rows === null && named ? (
        <ErrorBlock status="disconnected" title={t`Could not be loaded`} description={t`Pull down to try again.`} />
      ) : rows === null ? (
        <p className={styles.hint}>
          <Trans>Could not be loaded. Pull down to try again.</Trans>
        </p>
      ) : rows.length === 0 && named ? (
        <ErrorBlock status="empty" title={t`No bids yet`} description="" />
      ) : rows.length === 0 ? (
        <p className={styles.hint}>
          <Trans>No bids yet</Trans>
        </p>
      ) : (
        <ul className={styles.cards} data-testid="nft-bids">
          {rows.map((b) => (
            <li key={b.id} className={styles.card} data-testid={`nft-bid-${b.id}`}>
              <button
                type="button"
                className={`${styles.cardButton} ${styles.row}`}
                onClick={() => onOpen?.(b)}
                disabled={!onOpen}
              >
                <span>
                  <strong>{named ? b.name : b.mine ? <Trans>You</Trans> : b.bidder}</strong>
                  <span className={styles.hint}>{formatDateTime(b.created_at, locale)}</span>
                </span>
                <span>
                  <span className={styles.price}>
                    {b.price} {b.currency_name}
                  </span>
                  {b.leading && (
                    <span className={`${styles.tag} ${styles.live}`} data-testid="nft-bid-leading">
                      <Trans>Leading</Trans>
                    </span>
                  )}
                </span>
              </button>
              {named && b.ended && (
                <div className={styles.cardFoot}>
                  <VerifyLink settlement={settlementRef.nftAuction(b.sale_id)} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ListEnd more={more} failed={failed} loadMore={loadMore} count={rows?.length ?? 0} />
    </>
  );
}
