import { useState } from 'react';
import HeartFill from 'antd-mobile-icons/es/HeartFill';
import HeartOutline from 'antd-mobile-icons/es/HeartOutline';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BlindBoxProof, NftArtworkDetail } from '@contract/nft';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import { NavBar } from '@/components/NavBar';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { pages, useGo } from '@/lib/nav';
import { ActionBar } from './components/ActionBar';
import { BidRecord } from './components/BidRecord';
import { BlindBoxInfo } from './components/BlindBoxInfo';
import { Countdown } from './components/Countdown';
import { Media } from './components/Media';
import { ProofView } from './components/ProofView';
import { SaleFacts } from './components/SaleFacts';
import { Tags } from './components/Tags';
import { showsSale } from './model/sale';
import { useCollect, useOpenBox } from './state/actions';
import { useArtwork, useBidRecord } from './state/catalogue';
import { ArtworkStates } from './components/ArtworkStates';
import styles from './components/nft.module.css';

/** `nft/artworkDetail?id=` and `nft/artworkDetail_video?id=`: one artwork, its sale and what the caller can do. */
export function ArtworkDetailPage({ id }: { id: number | undefined }) {
  const { t } = useLingui();
  const artwork = useArtwork(id);
  const a = artwork.value;
  return (
    <div className={styles.page}>
      <NavBar title={a?.name ?? t`Artwork`} />
      <Refresh onRefresh={artwork.refresh}>
        <OfflineAsOf savedAt={artwork.savedAt} show={artwork.failed} />
        <ArtworkStates id={id} artwork={artwork}>
          {(a) => <Detail artwork={a} refresh={artwork.refresh} />}
        </ArtworkStates>
      </Refresh>
    </div>
  );
}

function Detail({ artwork: a, refresh }: { artwork: NftArtworkDetail; refresh: () => Promise<void> }) {
  const { t } = useLingui();
  const go = useGo();
  const [opening, setOpening] = useState(false);
  const [revealed, setRevealed] = useState<BlindBoxProof | null>(null);
  const favorite = useCollect(refresh);
  const open = useOpenBox(async ({ proof }) => {
    setOpening(false);
    setRevealed(proof);
    await refresh();
  });
  const proof = a.proof ?? revealed;
  return (
    <>
      <Media kind={a.type} cover={a.image} src={a.media} name={a.name} player />
      <section className={styles.section}>
        <div className={styles.row}>
          <span>
            <h3 data-testid="nft-name">{a.name}</h3>
            <Tags artwork={a} />
            <span className={styles.hint}>#{a.code}</span>
          </span>
          <button
            type="button"
            className={styles.link}
            aria-pressed={a.collected}
            aria-label={a.collected ? t`Remove from favorites` : t`Add to favorites`}
            onClick={() => void favorite.submit(a.id)}
            data-testid="nft-favorite"
          >
            {a.collected ? <HeartFill /> : <HeartOutline />} {a.collect_count}
          </button>
        </div>
        {a.mine && (
          <p className={styles.ok} data-testid="nft-owned">
            <Trans>You own this artwork.</Trans>
          </p>
        )}
        {a.sale_id !== null && (
          <>
            {showsSale(a) && <Countdown sale={a} onPassed={() => void refresh()} />}
            <SaleFacts artwork={a} />
          </>
        )}
      </section>
      <ActionBar artwork={a} onOpenBox={() => setOpening(true)} />
      {a.type === 'blind_box' && <BlindBoxInfo artwork={a} />}
      {proof && <ProofView proof={proof} published={a.commitment ?? proof.commitment} artworkId={a.id} />}
      <section className={styles.section}>
        <h3>
          <Trans>About</Trans>
        </h3>
        {a.description && <p className={styles.text}>{a.description}</p>}
        <div className={styles.chips}>
          <button
            type="button"
            className={styles.chip}
            onClick={() => go({ to: pages.nft.artistDetail, search: { uid: a.artist_uid } })}
          >
            <Trans>Artist: {a.author_name}</Trans>
          </button>
          <button
            type="button"
            className={styles.chip}
            onClick={() => go({ to: pages.nft['components/collection'], search: { id: a.collection_id } })}
          >
            <Trans>Collection: {a.collection_name}</Trans>
          </button>
        </div>
      </section>
      {a.pay_type === 2 && a.sale_id !== null && <Bids code={a.id} />}
      <ConfirmSheet
        open={opening}
        title={t`Open blind box`}
        busy={open.busy}
        onConfirm={() => void open.submit(a.id)}
        onClose={() => setOpening(false)}
        confirmTestId="confirm-open-box"
      >
        <p className={styles.text}>
          <Trans>
            Opening reveals the contents and the salt behind the published commitment. It cannot be undone; an opened
            box is the artwork inside.
          </Trans>
        </p>
      </ConfirmSheet>
    </>
  );
}

function Bids({ code }: { code: number }) {
  const bids = useBidRecord(code);
  return (
    <section className={styles.section}>
      <h3>
        <Trans>Bid record</Trans>
      </h3>
      <BidRecord rows={bids.rows} failed={bids.failed} more={bids.more} loadMore={bids.loadMore} />
    </section>
  );
}
