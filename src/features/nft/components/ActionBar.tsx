import { Button } from 'antd-mobile';
import { Trans } from '@lingui/react/macro';
import type { NftArtworkDetail } from '@contract/nft';
import { pages, useGo } from '@/lib/nav';
import styles from './nft.module.css';

/** What the caller can do with an artwork: pay a won auction, bid, buy, open a box, resell. */
export function ActionBar({ artwork: a, onOpenBox }: { artwork: NftArtworkDetail; onOpenBox: () => void }) {
  const go = useGo();
  if (a.need_pay_order_id !== null) {
    return (
      <div className={styles.actions}>
        <Button
          color="primary"
          onClick={() => go({ to: pages.nft.mine, search: { tab: 'pay' } })}
          data-testid="nft-pay-now"
        >
          <Trans>Pay now</Trans>
        </Button>
      </div>
    );
  }
  if (a.mine) {
    const canOpen = a.type === 'blind_box' && !a.opened;
    return (
      <div className={styles.actions}>
        {canOpen && (
          <Button color="primary" onClick={onOpenBox} data-testid="nft-open-box">
            <Trans>Open blind box</Trans>
          </Button>
        )}
        {a.listing_state !== 'reselling' && (
          <Button onClick={() => go({ to: pages.nft.resell, search: { id: a.id } })} data-testid="nft-resell">
            <Trans>Resell</Trans>
          </Button>
        )}
      </div>
    );
  }
  if (a.sale_id === null || a.status === null) return null;
  const open = a.status === 'started' && a.buy_status === 0;
  const auction = a.pay_type === 2;
  return (
    <div className={styles.actions}>
      <Button
        color="primary"
        disabled={!open}
        onClick={() => go({ to: auction ? pages.nft.purchase : pages.nft.purchase_one, search: { id: a.id } })}
        data-testid={auction ? 'nft-bid' : 'nft-buy'}
      >
        {a.status === 'not_started' ? (
          <Trans>Not started</Trans>
        ) : a.status === 'ended' ? (
          <Trans>Ended</Trans>
        ) : a.buy_status === 1 ? (
          <Trans>Sold</Trans>
        ) : auction ? (
          <Trans>Bid</Trans>
        ) : (
          <Trans>Buy</Trans>
        )}
      </Button>
    </div>
  );
}
