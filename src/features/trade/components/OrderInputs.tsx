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

/** A limit order's price with one-tick steppers, or "best market price". */
export function PriceStepper({ draft, set, rules, last, quote }: DraftProps) {
  const { t } = useLingui();
  return draft.type === 'limit' ? (
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
