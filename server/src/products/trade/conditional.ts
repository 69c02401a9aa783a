import type { ParsedRequestOf } from '@contract/define';
import type { Conditional, placeConditional } from '@contract/conditional';
import { AppError } from '../../errors';
import type { Instrument } from '../../market/catalog';
import type { NewConditional, StoredConditional } from '../../trading/conditional/types';
import { assertValueAllowed, instrumentOf } from './service';
import { budgetUnits, decimalsOf, lessThan, plain, roundUp, stepsOf, times } from './units';

export type PlaceConditionalInput = ParsedRequestOf<typeof placeConditional>;

function ticksOf(inst: Instrument, price: string, field: string): number {
  const { tick_size } = inst.rules;
  const ticks = stepsOf(price, tick_size);
  if (ticks === null || ticks < 1) throw new AppError('price_off_tick', { field, values: { tick: tick_size } });
  return ticks;
}

function lotsOf(inst: Instrument, amount: string): number {
  const { lot_size, min_qty } = inst.rules;
  const lots = stepsOf(amount, lot_size);
  if (lots === null) throw new AppError('amount_off_lot', { field: 'amount', values: { lot: lot_size } });
  if (lessThan(amount, min_qty)) {
    throw new AppError('amount_below_minimum', { field: 'amount', values: { minimum: min_qty } });
  }
  return lots;
}

/**
 * An OCO's two legs as the pair's rules take a limit order: prices on the tick, quantity on the lot
 * and at least the minimum, each leg's value at most the maximum. Where the prices stand against
 * the last trade is checked by the core, in sequence (`trigger_price_reached`, then `limit_price_reached`).
 */
function ocoLegs(inst: Instrument, input: PlaceConditionalInput) {
  const limitPrice = ticksOf(inst, input.limit_price!, 'limit_price');
  const price = ticksOf(inst, input.target_price!, 'target_price');
  const qty = lotsOf(inst, input.amount);
  for (const p of [input.limit_price!, input.target_price!]) assertValueAllowed(inst, times(p, input.amount));
  return { limitPrice, price, qty, budget: null };
}

/**
 * A stop order in the pair's integer units after the pair's rules: prices on the tick, quantity on
 * the lot and at least the minimum. A market buy (stop-market, trailing) spends `amount` of the
 * quote currency, at least the minimum quantity at its trigger, rounded down to whole value units.
 */
export function conditionalRequest(inst: Instrument, input: PlaceConditionalInput): Omit<NewConditional, 'owner'> {
  const { tick_size, lot_size, min_qty } = inst.rules;
  const trigger = input.trigger_price === undefined ? null : ticksOf(inst, input.trigger_price, 'trigger_price');
  const trailTicks = input.trail_distance === undefined ? null : ticksOf(inst, input.trail_distance, 'trail_distance');
  const trailBps = input.trail_percent === undefined ? null : Math.round(Number(input.trail_percent) * 100);
  const base = {
    pairId: inst.id,
    kind: input.kind,
    side: input.side,
    triggerPrice: input.kind === 'trailing_stop' ? null : trigger,
    trailTicks: input.kind === 'trailing_stop' ? trailTicks : null,
    trailBps: input.kind === 'trailing_stop' ? trailBps : null,
    limitPrice: null,
  };
  if (input.kind === 'oco') return { ...base, ...ocoLegs(inst, input) };
  if (input.kind === 'stop_limit') {
    const price = ticksOf(inst, input.target_price!, 'target_price');
    return { ...base, price, qty: lotsOf(inst, input.amount), budget: null };
  }
  if (input.side === 'sell') return { ...base, price: null, qty: lotsOf(inst, input.amount), budget: null };
  if (input.trigger_price !== undefined) {
    const minimum = roundUp(times(min_qty, input.trigger_price), decimalsOf(tick_size) + decimalsOf(lot_size));
    if (lessThan(input.amount, minimum)) {
      throw new AppError('amount_below_minimum', { field: 'amount', values: { minimum } });
    }
  }
  const budget = budgetUnits(input.amount, tick_size, lot_size);
  if (budget < 1) throw new AppError('field_invalid', { field: 'amount' });
  return { ...base, price: null, qty: null, budget };
}

const orNull = (v: string | null) => (v === null ? null : plain(v));

/** A stop order as the API shows it, from the core's answer or a stored row. */
export function conditionalView(c: Omit<StoredConditional, 'owner'>): Conditional {
  const inst = instrumentOf(c.pairId);
  return {
    id: c.id,
    symbol: inst.symbol,
    currency_id: inst.base.id,
    legal_id: inst.quote.id,
    kind: c.kind,
    side: c.side,
    trigger_price: plain(c.triggerPrice),
    direction: c.above ? 'up' : 'down',
    price: orNull(c.price),
    amount: orNull(c.qty),
    budget: orNull(c.budget),
    trail_distance: orNull(c.trailDistance),
    trail_percent: orNull(c.trailPercent),
    best_price: orNull(c.bestPrice),
    // Answers stored before OCOs existed lack the two fields.
    limit_price: orNull(c.limitPrice ?? null),
    status: c.status,
    order_id: c.orderId,
    limit_order_id: c.limitOrderId ?? null,
    trigger_trade_id: c.triggerTradeId,
    triggered_at: c.triggeredAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
