import { Button, Input } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { currencyDecimals, formatMoney, formatPrice, formatQuantity, formatSpendable, plainNumber } from '@/lib/format';
import type { OpenEstimate } from '../model/math';
import type { LeverDraft } from '../model/form';
import { sanitizeNumber } from '../model/input';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './futures.module.css';

export interface OrderFormProps {
  draft: LeverDraft;
  onDraft: (next: LeverDraft) => void;
  multiples: readonly number[];
  base: string;
  quote: string;
  settle: string;
  lotSize: string | undefined;
  priceDecimals: number;
  /** Available in the lever account; undefined until known. */
  balance: string | undefined;
  last: string | undefined;
  estimate: OpenEstimate | null;
  error: string;
  busy: boolean;
  signedIn: boolean;
  online: boolean;
  onSubmit: () => void;
  onLogin: () => void;
  onTransfer: () => void;
}

/** Long or short, market or limit, lots, leverage, take-profit and stop-loss, and what it costs. */
export function OrderForm(props: OrderFormProps) {
  const { draft, onDraft, multiples, base, quote, settle, estimate, error, busy, signedIn, online } = props;
  const { t } = useLingui();
  const set = (patch: Partial<LeverDraft>) => onDraft({ ...draft, ...patch });
  const money = (v: { toFixed(): string } | undefined) => (v ? `${formatMoney(v, settle)} ${settle}` : '--');
  const quantity = estimate
    ? `${formatQuantity(estimate.quantity, props.lotSize ?? estimate.quantity.decimalPlaces())} ${base}`
    : '';
  const lot = props.lotSize ? `${props.lotSize} ${base}` : '';
  const empty = signedIn && props.balance !== undefined && Number(props.balance) === 0;

  return (
    <section className={styles.form} aria-label={t`Futures order form`}>
      <div className={fieldStyles.sides} role="group">
        <button
          type="button"
          className={draft.side === 'long' ? fieldStyles.sideUp : fieldStyles.side}
          aria-pressed={draft.side === 'long'}
          onClick={() => set({ side: 'long' })}
        >
          <Trans>Long</Trans>
        </button>
        <button
          type="button"
          className={draft.side === 'short' ? fieldStyles.sideDown : fieldStyles.side}
          aria-pressed={draft.side === 'short'}
          onClick={() => set({ side: 'short' })}
        >
          <Trans>Short</Trans>
        </button>
      </div>
      <div className={fieldStyles.types} role="group">
        <button
          type="button"
          className={draft.type === 'market' ? fieldStyles.typeOn : fieldStyles.type}
          aria-pressed={draft.type === 'market'}
          onClick={() => set({ type: 'market' })}
        >
          <Trans>Market</Trans>
        </button>
        <button
          type="button"
          className={draft.type === 'limit' ? fieldStyles.typeOn : fieldStyles.type}
          aria-pressed={draft.type === 'limit'}
          onClick={() => set({ type: 'limit' })}
        >
          <Trans>Limit</Trans>
        </button>
      </div>

      <div className={styles.row2}>
        <label className={styles.field}>
          <span className={fieldStyles.label}>
            <Trans>Price ({quote})</Trans>
          </span>
          {draft.type === 'limit' ? (
            <div className={fieldStyles.input}>
              <Input
                aria-label={t`Limit price`}
                inputMode="decimal"
                placeholder={props.last ? plainNumber(props.last, props.priceDecimals) : ''}
                value={draft.price}
                onChange={(v) => set({ price: sanitizeNumber(v) })}
              />
            </div>
          ) : (
            <div className={fieldStyles.marketPrice}>
              <Trans>Market price</Trans>
            </div>
          )}
        </label>
        <label className={styles.field}>
          <span className={fieldStyles.label}>
            <Trans>Lots</Trans>
          </span>
          <div className={fieldStyles.input}>
            <Input
              aria-label={t`Lots`}
              inputMode="numeric"
              placeholder={t`Lots`}
              value={draft.lots}
              onChange={(v) => set({ lots: v.replace(/\D/g, '').slice(0, 9) })}
            />
          </div>
        </label>
      </div>
      {lot && (
        <span className={styles.hint} data-testid="quantity">
          {quantity ? t`Quantity: ${quantity} (1 lot = ${lot})` : t`1 lot = ${lot}`}
        </span>
      )}

      <span className={fieldStyles.label} id="leverage-label">
        <Trans>Leverage</Trans>
      </span>
      <div className={styles.multiples} role="group" aria-labelledby="leverage-label">
        {multiples.map((m) => (
          <button
            type="button"
            key={m}
            className={draft.multiple === m ? styles.multipleOn : styles.multiple}
            aria-pressed={draft.multiple === m}
            onClick={() => set({ multiple: m })}
          >
            {m}x
          </button>
        ))}
      </div>

      <div className={styles.row2}>
        <label className={styles.field}>
          <span className={fieldStyles.label}>
            <Trans>Take-profit (optional)</Trans>
          </span>
          <div className={fieldStyles.input}>
            <Input
              aria-label={t`Take-profit price`}
              inputMode="decimal"
              placeholder={quote}
              value={draft.takeProfit}
              onChange={(v) => set({ takeProfit: sanitizeNumber(v) })}
            />
          </div>
        </label>
        <label className={styles.field}>
          <span className={fieldStyles.label}>
            <Trans>Stop-loss (optional)</Trans>
          </span>
          <div className={fieldStyles.input}>
            <Input
              aria-label={t`Stop-loss price`}
              inputMode="decimal"
              placeholder={quote}
              value={draft.stopLoss}
              onChange={(v) => set({ stopLoss: sanitizeNumber(v) })}
            />
          </div>
        </label>
      </div>

      <div className={styles.figuresBox}>
        <div className={`${styles.line} ${fieldStyles.line}`}>
          <span>
            <Trans>Margin</Trans>
          </span>
          <span data-testid="margin">{money(estimate?.margin)}</span>
        </div>
        <div className={`${styles.line} ${fieldStyles.line}`}>
          <span>
            <Trans>Fee</Trans>
          </span>
          <span data-testid="fee">{money(estimate?.fee)}</span>
        </div>
        <div className={`${styles.line} ${fieldStyles.line}`}>
          <span>
            <Trans>Liq. price</Trans>
          </span>
          <span data-testid="liquidation">
            {estimate ? formatPrice(estimate.liquidation, props.priceDecimals) : '--'}
          </span>
        </div>
        <div className={`${styles.line} ${fieldStyles.line}`}>
          <span>
            <Trans>Available</Trans>
          </span>
          <span data-testid="available">
            {signedIn && props.balance !== undefined
              ? `${formatSpendable(props.balance, currencyDecimals(settle))} ${settle}`
              : '--'}
          </span>
        </div>
      </div>
      {draft.type === 'market' && estimate && (
        <span className={styles.hint}>{t`At the last price; the open uses the price when it arrives.`}</span>
      )}
      {empty && (
        <button
          type="button"
          className={styles.link}
          style={{ alignSelf: 'flex-start', padding: 0 }}
          onClick={props.onTransfer}
        >
          <Trans>Transfer USDT to the futures account</Trans>
        </button>
      )}
      {error && (
        <div className={fieldStyles.error} role="alert">
          {error}
        </div>
      )}
      {!online && (
        <div className={styles.hint} role="status">
          <Trans>You are offline: nothing is placed until you are connected.</Trans>
        </div>
      )}
      {signedIn ? (
        <Button
          block
          className={draft.side === 'long' ? styles.submitLong : styles.submitShort}
          data-testid="open-submit"
          loading={busy}
          disabled={busy || !online}
          onClick={props.onSubmit}
        >
          {draft.side === 'long' ? <Trans>Open long</Trans> : <Trans>Open short</Trans>}
        </Button>
      ) : (
        <Button block color="primary" className={styles.login} onClick={props.onLogin}>
          <Trans>Log in to trade</Trans>
        </Button>
      )}
    </section>
  );
}
