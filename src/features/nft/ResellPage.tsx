import { Button, Selector } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import type { NftArtworkDetail } from '@contract/nft';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import { NavBar } from '@/components/NavBar';
import { pages, useGo } from '@/lib/nav';
import { useResell } from './state/actions';
import { useArtwork } from './state/catalogue';
import { useResellForm } from './state/resell-form';
import { ArtworkStates } from './components/ArtworkStates';
import { ResellPrices, ResellWindow } from './components/ResellFields';
import { ResellSummary } from './components/ResellSummary';
import styles from './components/nft.module.css';

/** `nft/resell?id=`: listing an owned artwork: fixed price or auction, increment, margin, start and end. */
export function ResellPage({ id }: { id: number | undefined }) {
  const { t } = useLingui();
  const artwork = useArtwork(id);
  return (
    <div className={styles.page}>
      <NavBar title={t`Resell`} />
      <ArtworkStates
        id={id}
        artwork={artwork}
        refusal={(a) =>
          !a.mine
            ? t`Only the owner can resell this artwork`
            : a.listing_state === 'reselling'
              ? t`This artwork is already listed`
              : undefined
        }
      >
        {(a) => <ResellForm artwork={a} />}
      </ArtworkStates>
    </div>
  );
}

function ResellForm({ artwork: a }: { artwork: NftArtworkDetail }) {
  const { t } = useLingui();
  const go = useGo();
  const { form, set, error, check, confirming, setConfirming } = useResellForm(a);
  const resell = useResell(() => {
    setConfirming(null);
    go(pages.nft.myNft);
  });
  const errorOf = (field: string) => (error?.field === field ? <p className={styles.error}>{error.message}</p> : null);
  const c = a.currency_name;
  return (
    <section className={styles.section}>
      <h3 data-testid="nft-name">{a.name}</h3>
      <span className={styles.label}>
        <Trans>Sale mode</Trans>
      </span>
      <Selector
        columns={2}
        value={[form.payType]}
        onChange={(v) => v[0] && set({ payType: v[0] })}
        options={[
          { label: t`Auction`, value: 2 as const },
          { label: t`Fixed price`, value: 1 as const },
        ]}
      />
      <ResellPrices form={form} set={set} errorOf={errorOf} currency={c} />
      <ResellWindow form={form} set={set} errorOf={errorOf} />
      {error && !['price', 'per_increase', 'margin', 'start_time', 'end_time'].includes(error.field) && (
        <p className={styles.error}>{error.message}</p>
      )}
      <Button className={styles.submit} block color="primary" onClick={check} data-testid="nft-resell-submit">
        <Trans>List for sale</Trans>
      </Button>
      <ConfirmSheet
        open={confirming !== null}
        title={t`Confirm listing`}
        busy={resell.busy}
        onConfirm={() => {
          const v = confirming;
          if (v && v.start_time !== undefined && v.end_time !== undefined) {
            void resell.submit({ ...v, start_time: v.start_time, end_time: v.end_time });
          }
        }}
        onClose={() => setConfirming(null)}
        confirmTestId="confirm-resell"
      >
        {confirming && <ResellSummary request={confirming} currency={c} />}
      </ConfirmSheet>
    </section>
  );
}
