import { useCallback, useState } from 'react';
import { Button } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { NftArtworkDetail } from '@contract/nft';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirm from '@/components/ConfirmSheet/confirm.module.css';
import { NavBar } from '@/components/NavBar';
import { OfflineAsOf } from '@/components/ListEnd';
import { Refresh } from '@/components/Refresh';
import { USER_SCOPE } from '@/lib/db';
import { useCachedReply } from '@/lib/holdings';
import { pages, useGo } from '@/lib/nav';
import { tokenAtom, userAtom } from '@/lib/state';
import { fetchBalance } from './api/nft';
import { Countdown } from './components/Countdown';
import { Media } from './components/Media';
import { SaleFacts } from './components/SaleFacts';
import { Tags } from './components/Tags';
import { showsSale } from './model/sale';
import { useBuy } from './state/actions';
import { useArtwork } from './state/catalogue';
import { ArtworkStates } from './components/ArtworkStates';
import styles from './components/nft.module.css';

/** `nft/purchase_one?id=`: buying a fixed-price artwork or blind box at its price, after a confirmation. */
export function PurchaseOnePage({ id }: { id: number | undefined }) {
  const { t } = useLingui();
  const artwork = useArtwork(id);
  return (
    <div className={styles.page}>
      <NavBar title={t`Buy`} />
      <Refresh onRefresh={artwork.refresh}>
        <OfflineAsOf savedAt={artwork.savedAt} show={artwork.failed} />
        <ArtworkStates
          id={id}
          artwork={artwork}
          refusal={(a) =>
            a.pay_type !== 1 && a.pay_type !== 3 ? t`This artwork is not sold at a fixed price` : undefined
          }
        >
          {(a) => <Buying artwork={a} refresh={artwork.refresh} />}
        </ArtworkStates>
      </Refresh>
    </div>
  );
}

function Buying({ artwork: a, refresh }: { artwork: NftArtworkDetail; refresh: () => Promise<void> }) {
  const { t } = useLingui();
  const go = useGo();
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const uid = useAtomValue(userAtom)?.id ?? 0;
  const fetchOne = useCallback(() => fetchBalance(a.currency_id), [a.currency_id]);
  const balance = useCachedReply(`${USER_SCOPE}${uid}:nft:balance:${a.currency_id}`, fetchOne, signedIn);
  const [confirming, setConfirming] = useState(false);
  const buy = useBuy(async () => {
    setConfirming(false);
    await Promise.all([refresh(), balance.refresh()]);
    go(pages.nft.myNft);
  });
  const c = a.currency_name;
  const open = a.status === 'started' && a.buy_status === 0 && !a.mine;
  return (
    <>
      <section className={styles.section}>
        <div className={styles.row}>
          <span>
            <h3 data-testid="nft-name">{a.name}</h3>
            <Tags artwork={a} />
          </span>
          <span style={{ width: 96 }}>
            <Media kind={a.type} cover={a.image} name={a.name} />
          </span>
        </div>
        {showsSale(a) && <Countdown sale={a} onPassed={() => void refresh()} />}
        <SaleFacts artwork={a} />
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
          disabled={!open}
          onClick={() => setConfirming(true)}
          data-testid="nft-buy-now"
        >
          {a.buy_status === 1 ? <Trans>Sold</Trans> : <Trans>Buy now</Trans>}
        </Button>
      </section>
      <ConfirmSheet
        open={confirming}
        title={t`Confirm purchase`}
        busy={buy.busy}
        onConfirm={() => void buy.submit(a.id)}
        onClose={() => setConfirming(false)}
        confirmTestId="confirm-buy"
      >
        <dl className={confirm.confirmList}>
          <dt>
            <Trans>Artwork</Trans>
          </dt>
          <dd>{a.name}</dd>
          <dt>
            <Trans>Price</Trans>
          </dt>
          <dd data-testid="confirm-buy-price">
            {a.price} {c}
          </dd>
          <dt>
            <Trans>Paid from</Trans>
          </dt>
          <dd>
            <Trans>Exchange account</Trans>
          </dd>
        </dl>
        <p className={styles.text}>
          {a.type === 'blind_box' ? (
            <Trans>
              Paid at once. The box is yours; open it to reveal the contents and check them against the commitment.
            </Trans>
          ) : (
            <Trans>Paid at once; the artwork moves to your NFTs.</Trans>
          )}
        </p>
      </ConfirmSheet>
    </>
  );
}
