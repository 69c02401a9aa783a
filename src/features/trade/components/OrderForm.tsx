import { Button } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatSpendable } from '@/lib/format';
import { estimate, type FormRules, type OrderDraft } from '../model/form';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import { AmountWithSlider, PriceStepper } from './OrderInputs';
import { SideAndType } from './OrderToggles';
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

/** Buy or sell, limit or market, price stepper, amount with a balance slider, total and balance. */
export function OrderForm(props: OrderFormProps) {
  const { draft, onDraft, rules, base, quote, settleName, isStock, available, last, error, busy, signedIn } = props;
  const { t } = useLingui();
  const set = (patch: Partial<OrderDraft>) => onDraft({ ...draft, ...patch });
  const balance = available ?? '0';
  const balanceUnit = draft.side === 'buy' ? settleName : base;
  const total = estimate(draft, last, rules);
  const empty = signedIn && available !== undefined && Number(available) === 0;
  const balanceText = formatSpendable(balance, draft.side === 'buy' ? 2 : rules.lot_size);

  return (
    <section className={styles.form} aria-label={t`Order form`}>
      <SideAndType draft={draft} set={set} />
      <PriceStepper draft={draft} set={set} rules={rules} last={last} quote={quote} />
      <AmountWithSlider
        draft={draft}
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
