import { useCallback, useEffect, useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { NftArtworkDetail } from '@contract/nft';
import { NavBar } from '@/components/NavBar';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { USER_SCOPE } from '@/lib/db';
import { useCachedReply } from '@/lib/holdings';
import { tokenAtom, userAtom } from '@/lib/state';
import { fetchBalance } from './api/nft';
import { BidRecord } from './components/BidRecord';
import { BidSheet } from './components/BidSheet';
import { Countdown } from './components/Countdown';
import { SaleFacts } from './components/SaleFacts';
import { bidProblem, marginToHold, plusIncrement } from './model/bid';
import { useBid } from './state/actions';
import { useArtwork, useBidRecord } from './state/catalogue';
import { ArtworkStates } from './components/ArtworkStates';
import styles from './components/nft.module.css';

interface PurchasePageProps {
  id: number | undefined;
  /**
   * Runs after each accepted bid: the route offers push notifications there, which the offer
   * itself limits to the first time (never before a bid, never again once answered).
   */
  onBid?: () => void;
}

/** `nft/purchase?id=`: bidding on an auction: the minimum next bid, the margin, a confirmation, the record. */
export function PurchasePage({ id, onBid }: PurchasePageProps) {
  const { t } = useLingui();
  const artwork = useArtwork(id);
  return (
    <div className={styles.page}>
      <NavBar title={t`Bid`} />
      <Refresh onRefresh={artwork.refresh}>
        <OfflineAsOf savedAt={artwork.savedAt} show={artwork.failed} />
        <ArtworkStates
          id={id}
          artwork={artwork}
          refusal={(a) => (a.pay_type !== 2 ? t`This artwork is not sold by auction` : undefined)}
        >
          {(a) => <Bidding key={a.sale_id} artwork={a} refresh={artwork.refresh} onBid={onBid} />}
        </ArtworkStates>
      </Refresh>
    </div>
  );
}

function Bidding({
  artwork: a,
  refresh,
  onBid,
}: {
  artwork: NftArtworkDetail;
  refresh: () => Promise<void>;
  onBid: PurchasePageProps['onBid'];
}) {
  const { t } = useLingui();
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const fetchOne = useCallback(() => fetchBalance(a.currency_id), [a.currency_id]);
  const balance = useCachedReply(`${USER_SCOPE}${uid}:nft:balance:${a.currency_id}`, fetchOne, signedIn);
  const bids = useBidRecord(a.id);
  const [price, setPrice] = useState(a.min_bid ?? '');
  const [confirming, setConfirming] = useState<string | null>(null);
  const bid = useBid(async (next) => {
    setConfirming(null);
    setPrice(next.min_bid ?? '');
    onBid?.();
    await Promise.all([refresh(), bids.refresh(), balance.refresh()]);
  });
  const problem = price.trim() === '' ? null : bidProblem(price, a.min_bid);
  const live = a.status === 'started' && !a.mine;
  useEffect(() => {
    // Other bidders move the price: the auction is re-read while it runs (no live NFT events yet).
    if (!live) return;
    const timer = setInterval(() => void Promise.all([refresh(), bids.refresh()]), 15_000);
    return () => clearInterval(timer);
  }, [live, refresh, bids]);
  const c = a.currency_name;
  return (
    <>
      <section className={styles.section}>
        <h3 data-testid="nft-name">{a.name}</h3>
        <Countdown sale={a} onPassed={() => void refresh()} />
        <SaleFacts artwork={a} />
      </section>
      <section className={styles.section}>
        <h3>
          <Trans>Your bid</Trans>
        </h3>
        <div className={styles.field}>
          <Input
            value={price}
            onChange={setPrice}
            inputMode="decimal"
            aria-label={t`Your bid`}
            placeholder={a.min_bid ?? ''}
            data-testid="nft-bid-price"
          />
          <span className={styles.unit}>{c}</span>
          <button
            type="button"
            className={styles.link}
            onClick={() => setPrice(plusIncrement(price || (a.min_bid ?? ''), a.per_increase))}
            aria-label={t`Add one increment`}
          >
            +{a.per_increase}
          </button>
        </div>
        {problem === 'below_min' && (
          <p className={styles.error}>
            <Trans>
              The bid must be at least {a.min_bid} {c}
            </Trans>
          </p>
        )}
        {problem === 'format' && (
          <p className={styles.error}>
            <Trans>Please enter the correct price</Trans>
          </p>
        )}
        <p className={styles.hint} data-testid="nft-bid-margin">
          {a.margin_paid ? (
            <Trans>
              Your margin of {a.margin} {c} is held for this auction.
            </Trans>
          ) : (
            <Trans>
              Your first bid holds a margin of {marginToHold(a)} {c}.
            </Trans>
          )}
        </p>
        {signedIn && balance.value && (
          <p className={styles.hint} data-testid="nft-balance">
            <Trans>
              Exchange account: {balance.value.available} {c} available, {balance.value.held} {c} held
            </Trans>
          </p>
        )}
        <Button
          className={styles.submit}
          block
          color="primary"
          disabled={!live || price.trim() === '' || problem !== null}
          onClick={() => setConfirming(price.trim())}
          data-testid="nft-place-bid"
        >
          {a.mine ? <Trans>You own this artwork</Trans> : <Trans>Place bid</Trans>}
        </Button>
      </section>
      <section className={styles.section}>
        <h3>
          <Trans>Bid record</Trans>
        </h3>
        <BidRecord rows={bids.rows} failed={bids.failed} more={bids.more} loadMore={bids.loadMore} />
      </section>
      <BidSheet
        artwork={a}
        price={confirming}
        busy={bid.busy}
        onConfirm={() => confirming !== null && void bid.submit({ code: a.id, price: confirming })}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
