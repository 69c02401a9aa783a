import type { ReactNode } from 'react';
import { Input } from 'antd-mobile';
import { Trans } from '@lingui/react/macro';
import type { ResellDraft } from '../state/resell-form';
import styles from './nft.module.css';

interface ResellFieldsProps {
  form: ResellDraft;
  set: (patch: Partial<ResellDraft>) => void;
  /** The refusal under a field, if it is that field's. */
  errorOf: (field: string) => ReactNode;
  currency: string;
}

/** A unit-suffixed amount input. */
function Amount({
  id,
  value,
  onChange,
  currency,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  currency: string;
}) {
  return (
    <div className={styles.field}>
      <Input id={id} value={value} onChange={onChange} inputMode="decimal" data-testid={id} />
      <span className={styles.unit}>{currency}</span>
    </div>
  );
}

/** The price, and for an auction the increment and optional margin. */
export function ResellPrices({ form, set, errorOf, currency }: ResellFieldsProps) {
  return (
    <>
      <label className={styles.label} htmlFor="nft-resell-price">
        {form.payType === 2 ? <Trans>Starting price</Trans> : <Trans>Price</Trans>}
      </label>
      <Amount id="nft-resell-price" value={form.price} onChange={(price) => set({ price })} currency={currency} />
      {errorOf('price')}
      {form.payType === 2 && (
        <>
          <label className={styles.label} htmlFor="nft-resell-increase">
            <Trans>Increment per bid</Trans>
          </label>
          <Amount
            id="nft-resell-increase"
            value={form.increase}
            onChange={(increase) => set({ increase })}
            currency={currency}
          />
          {errorOf('per_increase')}
          <label className={styles.label} htmlFor="nft-resell-margin">
            <Trans>Margin (optional)</Trans>
          </label>
          <Amount
            id="nft-resell-margin"
            value={form.margin}
            onChange={(margin) => set({ margin })}
            currency={currency}
          />
          {errorOf('margin')}
        </>
      )}
    </>
  );
}

/** When the sale starts and ends. */
export function ResellWindow({ form, set, errorOf }: Omit<ResellFieldsProps, 'currency'>) {
  return (
    <>
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
    </>
  );
}
