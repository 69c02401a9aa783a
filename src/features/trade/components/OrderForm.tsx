import { Button } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatSpendable } from '@/lib/format';
import { estimate, type FormRules } from '../model/form';
import { isStopKind, plainDraft, stopPreview, type FormDraft } from '../model/conditional';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import { AmountWithSlider, PriceStepper } from './OrderInputs';
import { SideAndType } from './OrderToggles';
import { StopFields } from './StopInputs';
import { StopPreviewText } from './StopPreviewText';
import conditionalStyles from './conditional.module.css';
import styles from './trade.module.css';

export interface OrderFormProps {
  draft: FormDraft;
  onDraft: (next: FormDraft) => void;
  /** The price field got the focus: it stops following the last price. */
  onPriceFocus: () => void;
  rules: FormRules;
  base: string;
  quote: string;
  /** Stocks: quoted in USD, settled in USDT; the balance shown is the settlement currency's. */
  settleName: string;
  isStock: boolean;
  /** Spendable balance for the chosen side: settlement currency for a buy, base for a sell. */
  available: string | undefined;
  last: string | undefined;
  /** The book's last trade, which a trailing stop's trigger starts from (else the last price). */
  lastTrade: string | undefined;
  error: string;
  busy: boolean;
  signedIn: boolean;
  onSubmit: () => void;
  onLogin: () => void;
  onTransfer: () => void;
}

/**
 * Buy or sell, the order type, a stop's trigger or trail (an OCO's three prices), price stepper,
 * amount with a balance slider, total and balance, and for a stop order what happens at its trigger.
 */
export function OrderForm(props: OrderFormProps) {
  const { draft, onDraft, rules, base, quote, settleName, isStock, available, last, error, signedIn } = props;
  const { t } = useLingui();
  const set = (patch: Partial<FormDraft>) => onDraft({ ...draft, ...patch });
  const plain = plainDraft(draft);
  const stop = isStopKind(draft.type);
  const preview = stopPreview(draft, rules.tick_size, props.lastTrade ?? last);
  // A stop's market order is estimated at its trigger, not at today's price; an OCO's total is its
  // limit leg's, the order that rests now (its funds, held at the costlier leg, are in the confirmation).
  const oco = draft.type === 'oco';
  const totalOf = oco ? { ...plain, price: draft.limitPrice } : plain;
  const total = estimate(totalOf, stop ? (preview?.trigger ?? undefined) : last, rules);
  const balance = available ?? '0';
  const balanceUnit = draft.side === 'buy' ? settleName : base;
  const empty = signedIn && available !== undefined && Number(available) === 0;
  const balanceText = formatSpendable(balance, draft.side === 'buy' ? 2 : rules.lot_size);

  return (
    <section className={styles.form} aria-label={t`Order form`}>
      <SideAndType draft={draft} set={set} />
      {stop && (
        <StopFields draft={draft} set={set} rules={rules} last={last} quote={quote} onPriceFocus={props.onPriceFocus} />
      )}
      {!oco && (
        <PriceStepper
          draft={plain}
          set={set}
          rules={rules}
          last={last}
          quote={quote}
          atTrigger={stop}
          onFocus={props.onPriceFocus}
        />
      )}
      <AmountWithSlider
        draft={plain}
        set={set}
        rules={rules}
        last={last}
        quote={quote}
        base={base}
        balance={balance}
        signedIn={signedIn}
      />

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
      {preview && (
        <StopPreviewText
          preview={preview}
          units={{ base, quote, tick: rules.tick_size, lot: rules.lot_size }}
          className={conditionalStyles.preview}
        />
      )}
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
      <SubmitButton {...props} side={draft.side} />
    </section>
  );
}

/** Buy or sell the base, or log in first. */
function SubmitButton({
  side,
  base,
  busy,
  signedIn,
  onSubmit,
  onLogin,
}: Pick<OrderFormProps, 'base' | 'busy' | 'signedIn' | 'onSubmit' | 'onLogin'> & { side: FormDraft['side'] }) {
  if (!signedIn) {
    return (
      <Button block color="primary" onClick={onLogin}>
        <Trans>Log in to trade</Trans>
      </Button>
    );
  }
  return (
    <Button
      block
      className={side === 'buy' ? styles.submitBuy : styles.submitSell}
      loading={busy}
      disabled={busy}
      onClick={onSubmit}
    >
      {side === 'buy' ? <Trans>Buy {base}</Trans> : <Trans>Sell {base}</Trans>}
    </Button>
  );
}
