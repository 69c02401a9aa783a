import { Button, Input, Slider } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatSpendable } from '@/lib/format';
import {
  amountIsQuote,
  estimate,
  percentOfAvailable,
  sliderAmount,
  stepPrice,
  type FormRules,
  type OrderDraft,
} from '../model/form';
import { sanitizeNumber } from '../model/input';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './trade.module.css';

export interface OrderFormProps {
  draft: OrderDraft;
  onDraft: (next: OrderDraft) => void;
  rules: FormRules;
  base: string;
  quote: string;
  /** Stocks: quoted in USD, settled in USDT; the balance shown is the settlement currency's. */
  settleName: string;
  isStock: boolean;
  /** Spendable balance for the chosen side: settlement currency for a buy, base for a sell. */
  available: string | undefined;
  last: string | undefined;
  error: string;
  busy: boolean;
  signedIn: boolean;
  onSubmit: () => void;
  onLogin: () => void;
  onTransfer: () => void;
}

const MARKS = { 0: '0', 25: '25%', 50: '50%', 75: '75%', 100: '100%' };

/** Buy or sell, limit or market, price stepper, amount with a balance slider, total and balance. */
export function OrderForm(props: OrderFormProps) {
  const { draft, onDraft, rules, base, quote, settleName, isStock, available, last, error, busy, signedIn } = props;
  const { t } = useLingui();
  const set = (patch: Partial<OrderDraft>) => onDraft({ ...draft, ...patch });
  const quoteAmount = amountIsQuote(draft);
  const balance = available ?? '0';
  const balanceUnit = draft.side === 'buy' ? settleName : base;
  const total = estimate(draft, last, rules);
  const percent = percentOfAvailable(draft, balance, last);
  const empty = signedIn && available !== undefined && Number(available) === 0;
  const balanceText = formatSpendable(balance, draft.side === 'buy' ? 2 : rules.lot_size);
  const amountLabel = quoteAmount ? t`Total to spend (${quote})` : t`Amount (${base})`;

  return (
    <section className={styles.form} aria-label={t`Order form`}>
      <div className={fieldStyles.sides} role="group">
        <button
          type="button"
          className={draft.side === 'buy' ? fieldStyles.sideUp : fieldStyles.side}
          aria-pressed={draft.side === 'buy'}
          onClick={() => set({ side: 'buy', amount: '' })}
        >
          <Trans>Buy</Trans>
        </button>
        <button
          type="button"
          className={draft.side === 'sell' ? fieldStyles.sideDown : fieldStyles.side}
          aria-pressed={draft.side === 'sell'}
          onClick={() => set({ side: 'sell', amount: '' })}
        >
          <Trans>Sell</Trans>
        </button>
      </div>
      <div className={fieldStyles.types} role="group">
        <button
          type="button"
          className={draft.type === 'limit' ? fieldStyles.typeOn : fieldStyles.type}
          aria-pressed={draft.type === 'limit'}
          onClick={() => set({ type: 'limit', amount: '' })}
        >
          <Trans>Limit</Trans>
        </button>
        <button
          type="button"
          className={draft.type === 'market' ? fieldStyles.typeOn : fieldStyles.type}
          aria-pressed={draft.type === 'market'}
          onClick={() => set({ type: 'market', amount: '' })}
        >
          <Trans>Market</Trans>
        </button>
      </div>

      {draft.type === 'limit' ? (
        <>
          <span className={fieldStyles.label} id="price-label">
            <Trans>Price ({quote})</Trans>
          </span>
          <div className={styles.stepper}>
            <button
              type="button"
              aria-label={t`Lower the price by one tick`}
              onClick={() => set({ price: stepPrice(draft.price, last, rules.tick_size, -1) })}
            >
              −
            </button>
            <Input
              aria-label={t`Price`}
              inputMode="decimal"
              value={draft.price}
              onChange={(v) => set({ price: sanitizeNumber(v) })}
            />
            <button
              type="button"
              aria-label={t`Raise the price by one tick`}
              onClick={() => set({ price: stepPrice(draft.price, last, rules.tick_size, 1) })}
            >
              +
            </button>
          </div>
        </>
      ) : (
        <div className={fieldStyles.marketPrice}>
          <Trans>Best market price</Trans>
        </div>
      )}

      <span className={fieldStyles.label}>{amountLabel}</span>
      <div className={fieldStyles.input}>
        <Input
          aria-label={quoteAmount ? t`Total to spend` : t`Amount`}
          inputMode="decimal"
          placeholder={quoteAmount ? t`Spend` : t`Amount`}
          value={draft.amount}
          onChange={(v) => set({ amount: sanitizeNumber(v) })}
        />
        <span className={fieldStyles.unit}>{quoteAmount ? quote : base}</span>
      </div>
      <div className={styles.slider}>
        <Slider
          step={25}
          ticks
          marks={MARKS}
          value={percent}
          disabled={!signedIn || Number(balance) <= 0}
          onChange={(v) => {
            const pct = Array.isArray(v) ? v[1] : v;
            set({ amount: pct === 0 ? '' : sliderAmount(pct, draft, balance, rules, last) });
          }}
        />
      </div>

      <div className={`${styles.line} ${fieldStyles.line}`}>
        <span>{total?.approximate ? <Trans>Estimated total</Trans> : <Trans>Total</Trans>}</span>
        <span data-testid="order-total">
          {total ? `${total.approximate ? '≈ ' : ''}${total.value} ${total.unit === 'quote' ? quote : base}` : '--'}
        </span>
      </div>
      <div className={`${styles.line} ${fieldStyles.line}`}>
        <span>
          <Trans>Available</Trans>
        </span>
        <span data-testid="available">{signedIn ? `${balanceText} ${balanceUnit}` : '--'}</span>
      </div>
      {isStock && (
        <div className={styles.settle} data-testid="settlement-note">
          <Trans>Quoted in USD, settled in USDT at 1:1</Trans>
        </div>
      )}
      {empty && (
        <button type="button" className={styles.transfer} onClick={props.onTransfer}>
          <Trans>Transfer funds to the exchange account</Trans>
        </button>
      )}
      {error && (
        <div className={fieldStyles.error} role="alert">
          {error}
        </div>
      )}
      {signedIn ? (
        <Button
          block
          className={draft.side === 'buy' ? styles.submitBuy : styles.submitSell}
          loading={busy}
          disabled={busy}
          onClick={props.onSubmit}
        >
          {draft.side === 'buy' ? <Trans>Buy {base}</Trans> : <Trans>Sell {base}</Trans>}
        </Button>
      ) : (
        <Button block color="primary" onClick={props.onLogin}>
          <Trans>Log in to trade</Trans>
        </Button>
      )}
    </section>
  );
}
