import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { MAX_TRAIL_PERCENT, type ConditionalKind, type ConditionalStatus } from '@contract/conditional';
import type { ContractMessage } from '@/lib/validation';
import { problemMessage } from './labels';
import type { StopProblem } from './stopCheck';

/** A stop kind's name in the type picker, lists and the confirmation. */
export const KIND_LABELS: Record<ConditionalKind, MessageDescriptor> = {
  stop_limit: msg`Stop-limit`,
  stop_market: msg`Stop-market`,
  trailing_stop: msg`Trailing stop`,
  oco: msg`OCO`,
};

/** One line on what each kind does, under the type picker and in its menu. */
export const KIND_HINTS: Record<ConditionalKind, MessageDescriptor> = {
  stop_limit: msg`Places a limit order at your price once a trade reaches the trigger.`,
  stop_market: msg`Places a market order once a trade reaches the trigger.`,
  trailing_stop: msg`The trigger follows the best price at a set distance; a market order goes when it is reached.`,
  oco: msg`Take-profit and stop-loss on the same amount: when one acts, the other is cancelled.`,
};

export const CONDITIONAL_STATUS_LABELS: Record<ConditionalStatus, MessageDescriptor> = {
  waiting: msg`Waiting`,
  triggered: msg`Triggered`,
  cancelled: msg`Cancelled`,
};

/**
 * An OCO's stop leg price beside its limit price: the form's label for the field the contract calls
 * `target_price` (whose catalogue label, "Price", would not say which of the two is meant).
 */
export const OCO_STOP_PRICE = msg`Stop-limit price`;

/** A refusal of an OCO's `target_price` naming the field by `label` (the form's, localized). */
export function namingStopLeg(m: ContractMessage, label: string): ContractMessage {
  return m.values.field === 'target_price' ? { ...m, values: { ...m.values, field: label } } : m;
}

/** A refusal worded by this feature, for a rule the contract's catalogue has no sentence for. */
export interface FeatureMessage {
  descriptor: MessageDescriptor;
}

const PERCENT_RANGE = msg`The trailing percentage must be above 0% and at most ${MAX_TRAIL_PERCENT}%, with up to 2 decimals.`;

/**
 * A stop order's refusal in the server's own words where it has them (required fields, ticks, a
 * trigger already reached), so the form and the server say the same; the percentage range in
 * this feature's, naming the widest percentage.
 */
export function stopProblemMessage(p: StopProblem, currency: string): ContractMessage | FeatureMessage {
  switch (p.problem) {
    case 'required':
      return { key: 'field_required', values: { field: p.field } };
    case 'not_positive':
      return { key: 'field_invalid', values: { field: p.field } };
    case 'reached':
      return {
        key: p.field === 'limit_price' ? 'limit_price_reached' : 'trigger_price_reached',
        values: { last: p.last },
      };
    case 'percent_range':
      return { descriptor: PERCENT_RANGE };
    case 'off_tick':
      return { key: 'price_off_tick', values: { field: p.field, tick: p.step } };
    case 'invalid':
    case 'off_lot':
    case 'below_min':
    case 'above_max':
    case 'insufficient':
      return problemMessage(p, currency);
  }
}
