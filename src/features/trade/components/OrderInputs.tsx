import { Input, Slider } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  amountIsQuote,
  percentOfAvailable,
  sliderAmount,
  stepPrice,
  type FormRules,
  type OrderDraft,
} from '../model/form';
import { sanitizeNumber } from '../model/input';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './trade.module.css';

interface DraftProps {
  draft: OrderDraft;
  set: (patch: Partial<OrderDraft>) => void;
  rules: FormRules;
  last: string | undefined;
  quote: string;
}

const MARKS = { 0: '0', 25: '25%', 50: '50%', 75: '75%', 100: '100%' };

interface TickStepperProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  tick: string;
  /** Where the first step starts from when nothing is typed: the last price. */
  reference: string | undefined;
  lower: string;
  raise: string;
  placeholder?: string;
  onFocus?: () => void;
}

/** A price input between one-tick steppers (a limit price, a stop's trigger). */
export function TickStepper(props: TickStepperProps) {
  const { label, value, onChange, tick, reference, lower, raise, placeholder, onFocus } = props;
  return (
    <div className={styles.stepper}>
      <button type="button" aria-label={lower} onClick={() => onChange(stepPrice(value, reference, tick, -1))}>
        −
      </button>
      <Input
        aria-label={label}
        inputMode="decimal"
        placeholder={placeholder}
        value={value}
        onFocus={onFocus}
        onChange={(v) => onChange(sanitizeNumber(v))}
      />
      <button type="button" aria-label={raise} onClick={() => onChange(stepPrice(value, reference, tick, 1))}>
        +
      </button>
    </div>
  );
}

/**
 * A limit order's price with one-tick steppers, or what a market order fills at: the best
 * market price now, or the market price when a stop order is triggered.
 */
export function PriceStepper({
  draft,
  set,
  rules,
  last,
  quote,
  atTrigger,
  onFocus,
}: DraftProps & { atTrigger?: boolean; onFocus?: () => void }) {
  const { t } = useLingui();
  if (draft.type !== 'limit') {
    return (
      <div className={fieldStyles.marketPrice}>
        {atTrigger ? <Trans>Market price when triggered</Trans> : <Trans>Best market price</Trans>}
      </div>
    );
  }
  return (
    <>
      <span className={fieldStyles.label} id="price-label">
        <Trans>Price ({quote})</Trans>
      </span>
      <TickStepper
        label={t`Price`}
        value={draft.price}
        onChange={(price) => set({ price })}
        tick={rules.tick_size}
        reference={last}
        lower={t`Lower the price by one tick`}
        raise={t`Raise the price by one tick`}
        onFocus={onFocus}
      />
    </>
  );
}

/** The amount (or, for a market buy, the total to spend) and a slider over the available balance. */
export function AmountWithSlider({
  draft,
  set,
  rules,
  last,
  quote,
  base,
  balance,
  signedIn,
}: DraftProps & { base: string; balance: string; signedIn: boolean }) {
  const { t } = useLingui();
  const quoteAmount = amountIsQuote(draft);
  const percent = percentOfAvailable(draft, balance, last);
  const amountLabel = quoteAmount ? t`Total to spend (${quote})` : t`Amount (${base})`;
  return (
    <>
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
    </>
  );
}
