import { Decimal } from 'decimal.js';
import type { OrderSide } from '@contract/trade';
import { toDecimal } from '@/lib/format';
import { checkOrder, decimalsOf, onStep, parse, type FormRules, type OrderProblem } from './form';
import { isStopKind, ocoCostlier, plainDraft, trailPercentOk, type FormDraft, type FormStopKind } from './conditional';

/** A stop order as `/coin/conditional/place` takes it (without the pair). */
export interface CheckedStop {
  kind: FormStopKind;
  side: OrderSide;
  amount: string;
  trigger_price?: string;
  target_price?: string;
  /** An OCO's limit leg price. */
  limit_price?: string;
  trail_distance?: string;
  trail_percent?: string;
}

type StopField = 'trigger_price' | 'target_price' | 'limit_price' | 'trail_percent' | 'trail_distance';
type PriceField = 'trigger_price' | 'target_price' | 'limit_price' | 'trail_distance';

/** Why a stop order cannot go, beyond what a plain order's check says. */
export type StopProblem =
  | OrderProblem
  | { field: StopField; problem: 'required' }
  | { field: PriceField; problem: 'not_positive' }
  | { field: PriceField; problem: 'off_tick'; step: string }
  | { field: 'trigger_price' | 'limit_price'; problem: 'reached'; last: string }
  | { field: 'trail_percent'; problem: 'percent_range' };

/** A price field of a stop order: present, a positive number, on the tick. */
function priceProblem(text: string, field: PriceField, tick: string): StopProblem | null {
  if (text.trim() === '') return { field, problem: 'required' };
  const v = parse(text);
  if (!v || v.lte(0)) return { field, problem: 'not_positive' };
  if (!onStep(v, tick)) return { field, problem: 'off_tick', step: tick };
  return null;
}

/**
 * The trigger or the trail, in the contract's rules: a trigger on the tick and not yet reached by
 * `lastTrade` (the book's last trade, which the server compares with: a buy fires at or above, so
 * its trigger must be above it); a trail by a percentage above 0 and at most MAX_TRAIL_PERCENT
 * with 2 decimals, or by a distance on the tick.
 */
function triggerProblem(d: FormDraft, tick: string, lastTrade: string | undefined): StopProblem | null {
  if (d.type === 'trailing_stop') {
    if (d.trailMode === 'price') return priceProblem(d.trail, 'trail_distance', tick);
    if (d.trail.trim() === '') return { field: 'trail_percent', problem: 'required' };
    return trailPercentOk(d.trail) ? null : { field: 'trail_percent', problem: 'percent_range' };
  }
  return priceProblem(d.trigger, 'trigger_price', tick) ?? reached(d.trigger, 'trigger_price', d.side, lastTrade);
}

/**
 * A price the last trade already reached, as the server refuses it: a buy's trigger must lie above
 * the last trade (it fires at or above) and a sell's below; an OCO's limit leg the other way (a
 * sell rests above the last trade, a buy below). Nothing to compare before the pair has traded.
 */
function reached(
  text: string,
  field: 'trigger_price' | 'limit_price',
  side: OrderSide,
  lastTrade: string | undefined,
): StopProblem | null {
  const last = toDecimal(lastTrade);
  if (!last) return null;
  const price = new Decimal(text.trim());
  const above = (side === 'buy') === (field === 'trigger_price');
  return (above ? price.gt(last) : price.lt(last)) ? null : { field, problem: 'reached', last: lastTrade! };
}

/** A stop-market buy spends at least the minimum quantity at its trigger, as the server requires. */
function minimumSpend(d: FormDraft, rules: FormRules): string | null {
  if (d.type !== 'stop_market' || d.side !== 'buy') return null;
  const places = decimalsOf(rules.tick_size) + decimalsOf(rules.lot_size);
  const minimum = new Decimal(rules.min_qty).times(d.trigger.trim()).toDecimalPlaces(places, Decimal.ROUND_UP);
  return new Decimal(d.amount.trim()).lt(minimum) ? minimum.toFixed() : null;
}

/**
 * Checks a stop order before its confirmation, in the order the form reads: trigger (or trail),
 * then the limit price and amount as the order it becomes (`checkOrder`, whose balance check is
 * the hold the server takes now). `available` is the quote for a buy and the base for a sell.
 */
export function checkStop(
  d: FormDraft,
  rules: FormRules,
  available: string,
  lastTrade: string | undefined,
): { ok: true; order: CheckedStop } | ({ ok: false } & StopProblem) {
  if (!isStopKind(d.type)) throw new Error(`not a stop order: ${d.type}`);
  if (d.type === 'oco') return checkOco(d, rules, available, lastTrade);
  const kind = d.type;
  const trigger = triggerProblem(d, rules.tick_size, lastTrade);
  if (trigger) return { ok: false, ...trigger };
  if (kind === 'stop_limit' && d.price.trim() === '') return { ok: false, field: 'target_price', problem: 'required' };
  const plain = checkOrder(plainDraft(d), rules, available);
  if (!plain.ok) return plain;
  const minimum = minimumSpend(d, rules);
  if (minimum) return { ok: false, field: 'amount', problem: 'below_min', min: minimum };
  const trail = d.trail.trim();
  return {
    ok: true,
    order: {
      kind,
      side: d.side,
      amount: plain.order.amount,
      ...(kind !== 'trailing_stop' ? { trigger_price: new Decimal(d.trigger.trim()).toFixed() } : {}),
      ...(plain.order.target_price ? { target_price: plain.order.target_price } : {}),
      ...(kind === 'trailing_stop' && d.trailMode === 'percent' ? { trail_percent: trail } : {}),
      ...(kind === 'trailing_stop' && d.trailMode === 'price' ? { trail_distance: new Decimal(trail).toFixed() } : {}),
    },
  };
}

/**
 * An OCO in the form's reading order: the limit leg (present, on the tick, on its side of the last
 * trade: above it to sell, below it to buy), the trigger (on the other side), the stop leg's price,
 * then the amount as a limit order at the costlier leg: the lot, the minimum, each leg's value at
 * most the largest (the costlier's is the larger) and the funds held once (a sell's amount, a
 * buy's value at its costlier leg).
 */
function checkOco(
  d: FormDraft,
  rules: FormRules,
  available: string,
  lastTrade: string | undefined,
): { ok: true; order: CheckedStop } | ({ ok: false } & StopProblem) {
  const tick = rules.tick_size;
  const problem =
    (priceProblem(d.limitPrice, 'limit_price', tick) ?? reached(d.limitPrice, 'limit_price', d.side, lastTrade)) ||
    (priceProblem(d.trigger, 'trigger_price', tick) ?? reached(d.trigger, 'trigger_price', d.side, lastTrade)) ||
    priceProblem(d.price, 'target_price', tick);
  if (problem) return { ok: false, ...problem };
  const costlier = checkOrder(
    { side: d.side, type: 'limit', price: ocoCostlier(d), amount: d.amount },
    rules,
    available,
  );
  if (!costlier.ok) return costlier;
  return {
    ok: true,
    order: {
      kind: 'oco',
      side: d.side,
      amount: costlier.order.amount,
      limit_price: new Decimal(d.limitPrice.trim()).toFixed(),
      trigger_price: new Decimal(d.trigger.trim()).toFixed(),
      target_price: new Decimal(d.price.trim()).toFixed(),
    },
  };
}

/**
 * What placing holds now: a sell's quantity (base); a buy's limit value (an OCO's at its costlier
 * leg, the two legs sharing one hold) or budget (quote).
 */
export function heldNow(order: CheckedStop): { value: string; unit: 'quote' | 'base' } {
  if (order.side === 'sell') return { value: order.amount, unit: 'base' };
  const price = order.limit_price
    ? Decimal.max(order.limit_price, order.target_price ?? 0)
    : order.target_price && new Decimal(order.target_price);
  if (price) return { value: new Decimal(order.amount).times(price).toFixed(), unit: 'quote' };
  return { value: order.amount, unit: 'quote' };
}
