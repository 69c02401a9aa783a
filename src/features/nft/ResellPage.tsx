import { useState } from 'react';
import { Button, Input, Selector } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { resellNFT, type NftArtworkDetail } from '@contract/nft';
import { ConfirmSheet } from '@/components/ConfirmSheet';
import confirm from '@/components/ConfirmSheet/confirm.module.css';
import { NavBar } from '@/components/NavBar';
import { formatDateTime } from '@/lib/format';
import { activeBcp47 } from '@/lib/i18n';
import { pages, useGo } from '@/lib/nav';
import { useValidator } from '@/lib/validation';
import { defaultWindow, fromLocalInput, toLocalInput } from './model/resale';
import { useResell } from './state/actions';
import { useArtwork } from './state/catalogue';
import { ArtworkStates } from './components/ArtworkStates';
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

interface Form {
  payType: 1 | 2;
  price: string;
  increase: string;
  margin: string;
  start: string;
  end: string;
}

function ResellForm({ artwork: a }: { artwork: NftArtworkDetail }) {
  const { t } = useLingui();
  const go = useGo();
  const locale = activeBcp47();
  const validate = useValidator();
  const [form, setForm] = useState<Form>(() => {
    const w = defaultWindow(Date.now());
    return { payType: 2, price: '', increase: '', margin: '', start: toLocalInput(w.start), end: toLocalInput(w.end) };
  });
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [confirming, setConfirming] = useState<ReturnType<typeof values> | null>(null);
  const resell = useResell(() => {
    setConfirming(null);
    go(pages.nft.myNft);
  });
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
  };
  const values = () => ({
    id: a.id,
    pay_type: form.payType,
    price: form.price.trim(),
    per_increase: form.payType === 2 ? form.increase.trim() : form.increase.trim() || form.price.trim(),
    ...(form.payType === 2 && form.margin.trim() ? { margin: form.margin.trim() } : {}),
    start_time: fromLocalInput(form.start),
    end_time: fromLocalInput(form.end),
  });
  const check = () => {
    const v = values();
    const result = validate(resellNFT.request, v);
    if (!result.ok) setError({ field: result.field, message: result.message });
    else setConfirming(v);
  };
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
      <label className={styles.label} htmlFor="nft-resell-price">
        {form.payType === 2 ? <Trans>Starting price</Trans> : <Trans>Price</Trans>}
      </label>
      <div className={styles.field}>
        <Input
          id="nft-resell-price"
          value={form.price}
          onChange={(price) => set({ price })}
          inputMode="decimal"
          data-testid="nft-resell-price"
        />
        <span className={styles.unit}>{c}</span>
      </div>
      {errorOf('price')}
      {form.payType === 2 && (
        <>
          <label className={styles.label} htmlFor="nft-resell-increase">
            <Trans>Increment per bid</Trans>
          </label>
          <div className={styles.field}>
            <Input
              id="nft-resell-increase"
              value={form.increase}
              onChange={(increase) => set({ increase })}
              inputMode="decimal"
              data-testid="nft-resell-increase"
            />
            <span className={styles.unit}>{c}</span>
          </div>
          {errorOf('per_increase')}
          <label className={styles.label} htmlFor="nft-resell-margin">
            <Trans>Margin (optional)</Trans>
          </label>
          <div className={styles.field}>
            <Input
              id="nft-resell-margin"
              value={form.margin}
              onChange={(margin) => set({ margin })}
              inputMode="decimal"
              data-testid="nft-resell-margin"
            />
            <span className={styles.unit}>{c}</span>
          </div>
          {errorOf('margin')}
        </>
      )}
      <label className={styles.label} htmlFor="nft-resell-start">
        <Trans>Start time</Trans>
      </label>
      <div className={styles.field}>
        <input
          id="nft-resell-start"
          type="datetime-local"
          value={form.start}
          onChange={(e) => set({ start: e.target.value })}
          data-testid="nft-resell-start"
        />
      </div>
      {errorOf('start_time')}
      <label className={styles.label} htmlFor="nft-resell-end">
        <Trans>End time</Trans>
      </label>
      <div className={styles.field}>
        <input
          id="nft-resell-end"
          type="datetime-local"
          value={form.end}
          onChange={(e) => set({ end: e.target.value })}
          data-testid="nft-resell-end"
        />
      </div>
      {errorOf('end_time')}
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
        {confirming && (
          <dl className={confirm.confirmList}>
            <dt>
              <Trans>Sale mode</Trans>
            </dt>
            <dd>{confirming.pay_type === 2 ? t`Auction` : t`Fixed price`}</dd>
            <dt>{confirming.pay_type === 2 ? <Trans>Starting price</Trans> : <Trans>Price</Trans>}</dt>
            <dd>
              {confirming.price} {c}
            </dd>
            {confirming.pay_type === 2 && (
              <>
                <dt>
                  <Trans>Increment per bid</Trans>
                </dt>
                <dd>
                  {confirming.per_increase} {c}
                </dd>
              </>
            )}
            <dt>
              <Trans>Start time</Trans>
            </dt>
            <dd>{formatDateTime(confirming.start_time ?? 0, locale)}</dd>
            <dt>
              <Trans>End time</Trans>
            </dt>
            <dd>{formatDateTime(confirming.end_time ?? 0, locale)}</dd>
          </dl>
        )}
      </ConfirmSheet>
    </section>
  );
}
