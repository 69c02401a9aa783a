import { Input } from 'antd-mobile';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_TRAIL_PERCENT, type FormDraft, type TrailMode } from '../model/conditional';
import type { FormRules } from '../model/form';
import { sanitizeNumber } from '../model/input';
import { TickStepper } from './OrderInputs';
import fieldStyles from '@/components/OrderFields/OrderFields.module.css';
import styles from './conditional.module.css';

interface StopFieldsProps {
  draft: FormDraft;
  set: (patch: Partial<FormDraft>) => void;
  rules: FormRules;
  last: string | undefined;
  quote: string;
  /** The stop leg's price field got the focus: it stops following the last price. */
  onPriceFocus?: () => void;
}

/**
 * What a stop order waits for: its trigger price, or for a trailing stop the distance it trails by;
 * an OCO's limit leg comes first, and its stop leg's price after the trigger.
 */
export function StopFields(props: StopFieldsProps) {
  const { draft, set, quote } = props;
  if (draft.type === 'trailing_stop') return <TrailFields draft={draft} set={set} quote={quote} />;
  if (draft.type === 'oco') return <OcoFields {...props} />;
  return <TriggerField {...props} />;
}

function TriggerField({ draft, set, rules, last, quote }: StopFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <span className={fieldStyles.label}>
        <Trans>Trigger price ({quote})</Trans>
      </span>
      <TickStepper
        label={t`Trigger price`}
        value={draft.trigger}
        onChange={(trigger) => set({ trigger })}
        tick={rules.tick_size}
        reference={last}
        lower={t`Lower the trigger price by one tick`}
        raise={t`Raise the trigger price by one tick`}
        placeholder={draft.side === 'buy' ? t`At or above` : t`At or below`}
      />
    </>
  );
}

/**
 * An OCO's three prices in the order they act: the limit leg that rests now (above the last price
 * to sell, below it to buy), then the stop leg's trigger on the other side and its limit price.
 */
function OcoFields(props: StopFieldsProps) {
  const { draft, set, rules, last, quote } = props;
  const { t } = useLingui();
  return (
    <>
      <span className={fieldStyles.label}>
        <Trans>Limit price ({quote})</Trans>
      </span>
      <TickStepper
        label={t`Limit price`}
        value={draft.limitPrice}
        onChange={(limitPrice) => set({ limitPrice })}
        tick={rules.tick_size}
        reference={last}
        lower={t`Lower the limit price by one tick`}
        raise={t`Raise the limit price by one tick`}
        placeholder={draft.side === 'buy' ? t`Below last price` : t`Above last price`}
      />
      <TriggerField {...props} />
      <span className={fieldStyles.label}>
        <Trans>Stop-limit price ({quote})</Trans>
      </span>
      <TickStepper
        label={t`Stop-limit price`}
        value={draft.price}
        onChange={(price) => set({ price })}
        tick={rules.tick_size}
        reference={Number(draft.trigger) > 0 ? draft.trigger : last}
        lower={t`Lower the stop-limit price by one tick`}
        raise={t`Raise the stop-limit price by one tick`}
        onFocus={props.onPriceFocus}
      />
    </>
  );
}

/** A trailing stop's distance: a percentage of the best price (the default) or a price. */
function TrailFields({ draft, set, quote }: Pick<StopFieldsProps, 'draft' | 'set' | 'quote'>) {
  const { t } = useLingui();
  const mode = (m: TrailMode, label: string) => (
    <button
      type="button"
      className={draft.trailMode === m ? styles.modeOn : styles.mode}
      aria-pressed={draft.trailMode === m}
      onClick={() => set({ trailMode: m, trail: '' })}
    >
      {label}
    </button>
  );
  const percent = draft.trailMode === 'percent';
  return (
    <>
      <div className={styles.trailHead}>
        <span className={fieldStyles.label}>
          <Trans>Trail by</Trans>
        </span>
        <div className={styles.modes} role="group" aria-label={t`Trail by`}>
          {mode('percent', '%')}
          {mode('price', quote)}
        </div>
      </div>
      <div className={fieldStyles.input}>
        <Input
          aria-label={percent ? t`Trailing percentage` : t`Trailing distance`}
          inputMode="decimal"
          placeholder={percent ? t`Up to ${MAX_TRAIL_PERCENT}%` : t`Distance`}
          value={draft.trail}
          onChange={(v) => set({ trail: sanitizeNumber(v) })}
        />
        <span className={fieldStyles.unit}>{percent ? '%' : quote}</span>
      </div>
    </>
  );
}
