import { Decimal } from 'decimal.js';
import { MAX_TRAIL_PERCENT } from '@contract/conditional';
import { trailTriggerTicks } from '@contract/domain/trailing';
import type { OrderSide, OrderType } from '@contract/trade';
import { toDecimal } from '@/lib/format';
import { decimalsOf, floorToStep, onStep, parse, type OrderDraft } from './form';

/**
 * The waiting kinds this form places: the three single-leg stops and an OCO (a limit order that
 * rests now beside a stop-limit on the same amount).
 */
export const FORM_STOP_KINDS = ['stop_limit', 'stop_market', 'trailing_stop', 'oco'] as const;
export type FormStopKind = (typeof FORM_STOP_KINDS)[number];

/** The order types of the form: the two plain ones and the four that wait for a price. */
export type FormType = OrderType | FormStopKind;
export const FORM_TYPES: readonly FormType[] = ['limit', 'market', ...FORM_STOP_KINDS];

/** A trailing stop trails by a percentage of the best price or by a price distance. */
export type TrailMode = 'percent' | 'price';

/**
 * The form's draft: a plain order's fields, a stop order's trigger or trail, and an OCO's limit leg
 * price (`limitPrice`; its stop leg's limit price is `price`, as a stop-limit's), as typed.
 */
export interface FormDraft extends Omit<OrderDraft, 'type'> {
  type: FormType;
  trigger: string;
  trailMode: TrailMode;
  trail: string;
  limitPrice: string;
}

export const isStopKind = (type: FormType): type is FormStopKind =>
  (FORM_STOP_KINDS as readonly string[]).includes(type);

/** The plain order a type becomes at its trigger: a stop-limit's and an OCO's a limit order, the others market orders. */
export const orderTypeOf = (type: FormType): OrderType =>
  type === 'limit' || type === 'stop_limit' || type === 'oco' ? 'limit' : 'market';

/**
 * The price an OCO holds a buy's funds at: its costlier leg, max(limit price, stop leg's price),
 * or whichever of the two reads while the other does not; empty when neither does.
 */
export function ocoCostlier(d: Pick<FormDraft, 'limitPrice' | 'price'>): string {
  const [limit, stop] = [parse(d.limitPrice), parse(d.price)];
  if (limit && stop) return Decimal.max(limit, stop).toFixed();
  return (limit ?? stop)?.toFixed() ?? '';
}

/**
 * The draft as the plain order it places (now, or at the trigger), for the amount and balance
 * rules: an OCO's as a limit order at its costlier leg, the price its funds are held at.
 */
export const plainDraft = (d: FormDraft): OrderDraft => ({
  side: d.side,
  type: orderTypeOf(d.type),
  price: d.type === 'oco' ? ocoCostlier(d) : d.price,
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
 * at `reference`, the last trade price), the limit price of a stop-limit or an OCO's stop leg, an
 * OCO's limit leg price, and the amount with its unit (a market buy spends the quote currency).
 * Null until the draft says enough.
 */
export interface StopPreview {
  kind: FormStopKind;
  side: OrderSide;
  /** "up": at or above the trigger (a buy); "down": at or below (a sell). */
  direction: 'up' | 'down';
  trigger: string;
  price: string | null;
  /** An OCO's limit leg, which rests on the book at once; null for the other kinds. */
  limit: string | null;
  amount: string;
  amountIn: 'base' | 'quote';
  trail: { mode: TrailMode; value: string } | null;
}

/** A typed price above 0, as a plain decimal text, else null. */
const positive = (text: string) => {
  const v = parse(text);
  return v && v.gt(0) ? v.toFixed() : null;
};

export function stopPreview(d: FormDraft, tick: string, reference: string | undefined): StopPreview | null {
  if (!isStopKind(d.type)) return null;
  const amount = positive(d.amount);
  if (!amount) return null;
  const trailing = d.type === 'trailing_stop';
  const trigger = trailing ? trailTrigger(d.side, reference, d.trailMode, d.trail, tick) : positive(d.trigger);
  if (!trigger || new Decimal(trigger).lte(0)) return null;
  const limitPriced = d.type === 'stop_limit' || d.type === 'oco';
  const price = limitPriced ? positive(d.price) : null;
  const limit = d.type === 'oco' ? positive(d.limitPrice) : null;
  if ((limitPriced && !price) || (d.type === 'oco' && !limit)) return null;
  return {
    kind: d.type,
    side: d.side,
    direction: d.side === 'buy' ? 'up' : 'down',
    trigger,
    price,
    limit,
    amount,
    amountIn: d.side === 'buy' && !limitPriced ? 'quote' : 'base',
    trail: trailing ? { mode: d.trailMode, value: d.trail.trim() } : null,
  };
}

/** Whether a trailing percentage is one the server takes: above 0, at most the widest, 2 decimals. */
export const trailPercentOk = (text: string) =>
  PERCENT.test(text.trim()) && Number(text) > 0 && Number(text) <= MAX_TRAIL_PERCENT;

/** A percentage ("2.5") as the ratio the rate formatter takes ("0.025"), exactly. */
export const percentRatio = (percent: string) => new Decimal(percent).div(100).toFixed();

export { MAX_TRAIL_PERCENT };
