import { Decimal } from 'decimal.js';
import { MAX_TRAIL_PERCENT } from '@contract/conditional';
import { trailTriggerTicks } from '@contract/domain/trailing';
import type { OrderSide, OrderType } from '@contract/trade';
import { toDecimal } from '@/lib/format';
import { decimalsOf, floorToStep, onStep, parse, type OrderDraft } from './form';

/**
 * The waiting kinds this form places. An OCO (`oco`, two legs) is placed through the API and
 * shown in the lists; its form is not here yet.
 */
export const FORM_STOP_KINDS = ['stop_limit', 'stop_market', 'trailing_stop'] as const;
export type FormStopKind = (typeof FORM_STOP_KINDS)[number];

/** The order types of the form: the two plain ones and the three that wait for a price. */
export type FormType = OrderType | FormStopKind;
export const FORM_TYPES: readonly FormType[] = ['limit', 'market', ...FORM_STOP_KINDS];

/** A trailing stop trails by a percentage of the best price or by a price distance. */
export type TrailMode = 'percent' | 'price';

/** The form's draft: a plain order's fields, and a stop order's trigger or trail, as typed. */
export interface FormDraft extends Omit<OrderDraft, 'type'> {
  type: FormType;
  trigger: string;
  trailMode: TrailMode;
  trail: string;
}

export const isStopKind = (type: FormType): type is FormStopKind =>
  (FORM_STOP_KINDS as readonly string[]).includes(type);

/** The plain order a type becomes at its trigger: a stop-limit a limit order, the others market orders. */
export const orderTypeOf = (type: FormType): OrderType =>
  type === 'limit' || type === 'stop_limit' ? 'limit' : 'market';

/** The draft as the plain order it places (now, or at the trigger), for the amount and total rules. */
export const plainDraft = (d: FormDraft): OrderDraft => ({
  side: d.side,
  type: orderTypeOf(d.type),
  price: d.price,
  amount: d.amount,
});

const PERCENT = /^\d+(\.\d{1,2})?$/;

/**
 * A trailing stop's trigger for a best price, by the contract's rule (`trailTriggerTicks`, which
 * the server uses) counted in this pair's ticks. Null when the best price or the trail cannot be
 * read, or a distance is off the tick.
 */
export function trailTrigger(
  side: OrderSide,
  best: string | undefined,
  mode: TrailMode,
  trail: string,
  tick: string,
): string | null {
  const price = toDecimal(best);
  const by = parse(trail);
  if (!price || price.lte(0) || !by || by.lte(0)) return null;
  if (mode === 'price' && !onStep(by, tick)) return null;
  const bestTicks = new Decimal(floorToStep(price, tick)).div(tick).toNumber();
  const units =
    mode === 'price'
      ? { ticks: by.div(tick).toNumber(), bps: null }
      : { ticks: null, bps: by.times(100).round().toNumber() };
  return new Decimal(trailTriggerTicks(side === 'sell', bestTicks, units)).times(tick).toFixed(decimalsOf(tick));
}

/**
 * What the preview sentence says: the kind and side, the trigger (a trailing stop's as it stands
 * at `reference`, the last trade price), the limit price of a stop-limit, and the amount with its
 * unit (a market buy spends the quote currency). Null until the draft says enough.
 */
export interface StopPreview {
  kind: FormStopKind;
  side: OrderSide;
  /** "up": at or above the trigger (a buy); "down": at or below (a sell). */
  direction: 'up' | 'down';
  trigger: string;
  price: string | null;
  amount: string;
  amountIn: 'base' | 'quote';
  trail: { mode: TrailMode; value: string } | null;
}

export function stopPreview(d: FormDraft, tick: string, reference: string | undefined): StopPreview | null {
  if (!isStopKind(d.type)) return null;
  const amount = parse(d.amount);
  if (!amount || amount.lte(0)) return null;
  const trailing = d.type === 'trailing_stop';
  const trigger = trailing ? trailTrigger(d.side, reference, d.trailMode, d.trail, tick) : parse(d.trigger)?.toFixed();
  if (!trigger || new Decimal(trigger).lte(0)) return null;
  const price = d.type === 'stop_limit' ? parse(d.price) : null;
  if (d.type === 'stop_limit' && (!price || price.lte(0))) return null;
  return {
    kind: d.type,
    side: d.side,
    direction: d.side === 'buy' ? 'up' : 'down',
    trigger,
    price: price ? price.toFixed() : null,
    amount: amount.toFixed(),
    amountIn: d.side === 'buy' && d.type !== 'stop_limit' ? 'quote' : 'base',
    trail: trailing ? { mode: d.trailMode, value: d.trail.trim() } : null,
  };
}

/** Whether a trailing percentage is one the server takes: above 0, at most the widest, 2 decimals. */
export const trailPercentOk = (text: string) =>
  PERCENT.test(text.trim()) && Number(text) > 0 && Number(text) <= MAX_TRAIL_PERCENT;

/** A percentage ("2.5") as the ratio the rate formatter takes ("0.025"), exactly. */
export const percentRatio = (percent: string) => new Decimal(percent).div(100).toFixed();

export { MAX_TRAIL_PERCENT };
