import { useEffect, useState, type ReactNode } from 'react';
import { DotLoading, ErrorBlock, Toast } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { FIAT_CODES, type FiatCode } from '@contract/market';
import { AD_SIDES, OTC_COINS, PAY_METHODS, PAY_WINDOWS, PRICE_TYPES, type PayMethod } from '@contract/otc';
import { useSubmit } from '@/lib/submit';
import { fetchAd, sendAd } from '../api/otc';
import { adErrors, adRequest, draftOfAd, EMPTY_DRAFT, type AdDraft } from '../model/otc';
import { fieldError, METHOD_LABELS } from '../model/texts';
import styles from './otc.module.css';

/** The ad form: a new ad, or one of the merchant's ads (`id`) to edit. */
export function AdForm({ id, onSaved }: { id?: number; onSaved: () => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<AdDraft | null>(id ? null : EMPTY_DRAFT);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!id) return;
    let live = true;
    fetchAd(id).then(
      (ad) => live && setDraft(draftOfAd(ad)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (failed) return <ErrorBlock status="disconnected" title={t`The ad could not be loaded.`} description="" />;
  if (!draft)
    return (
      <div className={styles.center}>
        <DotLoading color="primary" />
      </div>
    );
  return <Fields initial={draft} onSaved={onSaved} />;
}

function Choice<T extends string | number>(props: {
  options: readonly T[];
  value: T;
  label: (v: T) => ReactNode;
  onChange: (v: T) => void;
  disabled?: boolean;
}) {
  return (
    <div className={styles.row}>
      {props.options.map((o) => (
        <button
          key={o}
          type="button"
          aria-pressed={o === props.value}
          disabled={props.disabled}
          className={`${styles.chip} ${o === props.value ? styles.selected : ''}`}
          onClick={() => props.onChange(o)}
        >
          {props.label(o)}
        </button>
      ))}
    </div>
  );
}

function Fields({ initial, onSaved }: { initial: AdDraft; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const errors = tried ? adErrors(draft) : {};
  const set = <K extends keyof AdDraft>(key: K, value: AdDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const editing = draft.id !== undefined;
  const save = useSubmit(
    async () => {
      setTried(true);
      if (Object.keys(adErrors(draft)).length > 0) return;
      await sendAd(adRequest(draft));
      Toast.show({ icon: 'success', content: editing ? t`Ad saved` : t`Ad published` });
      onSaved();
    },
    { name: 'otc ad save' },
  );
  const error = (field: string) => {
    const e = fieldError(errors[field]);
    return e ? <p className={styles.error}>{i18n._(e)}</p> : null;
  };
  const text = (field: 'fixed_price' | 'margin_percent' | 'total' | 'min_qty' | 'max_qty', label: string) => (
    <>
      <label className={styles.label} htmlFor={`otc-ad-${field}`}>
        {label}
      </label>
      <input
        id={`otc-ad-${field}`}
        className={styles.input}
        inputMode="decimal"
        value={draft[field]}
        onChange={(e) => set(field, e.target.value.trim())}
      />
      {error(field)}
    </>
  );
  const toggleMethod = (m: PayMethod) =>
    set('methods', draft.methods.includes(m) ? draft.methods.filter((x) => x !== m) : [...draft.methods, m]);
  return (
    <section className={styles.section} data-testid="otc-ad-form">
      <span className={styles.label}>
        <Trans>I want to</Trans>
      </span>
      <Choice
        options={AD_SIDES}
        value={draft.side}
        disabled={editing}
        label={(s) => (s === 'sell' ? t`Sell` : t`Buy`)}
        onChange={(v) => set('side', v)}
      />
      <span className={styles.label}>
        <Trans>Coin</Trans>
      </span>
      <Choice
        options={OTC_COINS}
        value={draft.coin}
        disabled={editing}
        label={(c) => c}
        onChange={(v) => set('coin', v)}
      />
      <FiatSelect value={draft.fiat} disabled={editing} onChange={(v) => set('fiat', v)} />
      <span className={styles.label}>
        <Trans>Price</Trans>
      </span>
      <Choice
        options={PRICE_TYPES}
        value={draft.price_type}
        label={(p) => (p === 'fixed' ? t`Fixed price` : t`Margin over the market`)}
        onChange={(v) => set('price_type', v)}
      />
      {draft.price_type === 'fixed'
        ? text('fixed_price', t`Price (${draft.fiat} per ${draft.coin})`)
        : text('margin_percent', t`Margin (%, from -20 to 20)`)}
      {text('total', t`Total (${draft.coin})`)}
      {text('min_qty', t`Minimum per order (${draft.coin})`)}
      {text('max_qty', t`Maximum per order (${draft.coin})`)}
      <MethodPicker methods={draft.methods} onToggle={toggleMethod} />
      {error('methods')}
      <span className={styles.label}>
        <Trans>Payment window</Trans>
      </span>
      <Choice
        options={PAY_WINDOWS}
        value={draft.window_minutes as (typeof PAY_WINDOWS)[number]}
        label={(m) => t`${m} min`}
        onChange={(v) => set('window_minutes', v)}
      />
      <label className={styles.label} htmlFor="otc-ad-terms">
        <Trans>Terms (optional)</Trans>
      </label>
      <textarea
        id="otc-ad-terms"
        className={styles.textarea}
        maxLength={500}
        value={draft.terms}
        onChange={(e) => set('terms', e.target.value)}
      />
      <p className={styles.hint}>
        <Trans>
          A sell ad needs each chosen method bound in your payment settings; its coins come from your legal account when
          orders open.
        </Trans>
      </p>
      <div className={styles.actions} style={{ margin: '12px 0 0' }}>
        <button type="button" className={styles.primary} disabled={save.busy} onClick={() => void save.submit()}>
          {editing ? <Trans>Save</Trans> : <Trans>Publish</Trans>}
        </button>
      </div>
    </section>
  );
}

function MethodPicker({ methods, onToggle }: { methods: PayMethod[]; onToggle: (m: PayMethod) => void }) {
  const { i18n } = useLingui();
  return (
    <>
      <span className={styles.label}>
        <Trans>Payment methods</Trans>
      </span>
      <div className={styles.row}>
        {PAY_METHODS.map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={methods.includes(m)}
            className={`${styles.chip} ${methods.includes(m) ? styles.selected : ''}`}
            onClick={() => onToggle(m)}
          >
            {i18n._(METHOD_LABELS[m])}
          </button>
        ))}
      </div>
    </>
  );
}

function FiatSelect(props: { value: FiatCode; disabled: boolean; onChange: (v: FiatCode) => void }) {
  return (
    <>
      <label className={styles.label} htmlFor="otc-ad-fiat">
        <Trans>Fiat currency</Trans>
      </label>
      <select
        id="otc-ad-fiat"
        className={styles.select}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value as FiatCode)}
      >
        {FIAT_CODES.map((f) => (
          <option key={f}>{f}</option>
        ))}
      </select>
    </>
  );
}
