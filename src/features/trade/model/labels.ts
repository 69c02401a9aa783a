import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CancelReason, OrderSide, OrderType } from '@contract/trade';
import type { OrderOutcome } from './status';
import type { ContractMessage } from '@/lib/validation';
import type { OrderProblem } from './form';

export const SIDE_LABELS: Record<OrderSide, MessageDescriptor> = { buy: msg`Buy`, sell: msg`Sell` };
export const TYPE_LABELS: Record<OrderType, MessageDescriptor> = { limit: msg`Limit`, market: msg`Market` };

/** An order's state in lists, by outcome (see model/status.ts). */
export const OUTCOME_LABELS: Record<OrderOutcome, MessageDescriptor> = {
  placed: msg`Open`,
  partial: msg`Partly filled`,
  filled: msg`Filled`,
  filled_rest_returned: msg`Filled, unspent funds returned`,
  partly_filled_rest_cancelled: msg`Partly filled, rest cancelled`,
  cancelled: msg`Cancelled`,
};

/** The toast after placing, by outcome. */
export const PLACED_LABELS: Record<OrderOutcome, MessageDescriptor> = {
  placed: msg`Order placed`,
  partial: msg`Order partly filled; the rest is in the book`,
  filled: msg`Order filled`,
  filled_rest_returned: msg`Order filled`,
  partly_filled_rest_cancelled: msg`Order partly filled, rest cancelled`,
  cancelled: msg`Order ended unfilled`,
};

export const CANCEL_REASON_LABELS: Record<CancelReason, MessageDescriptor> = {
  user: msg`Cancelled by you`,
  ioc: msg`Unfilled part cancelled (immediate or cancel)`,
  market_remainder: msg`Unfilled part of a market order cancelled`,
  self_trade: msg`Cancelled: it would have traded with your own order`,
  post_only: msg`Cancelled: it would have taken liquidity`,
  oco: msg`Cancelled: the stop of its OCO fired first`,
};

/**
 * The form's refusal of a draft in the server's own words (the contract catalogue), so the
 * message is the same whether the form or the server catches it. `quote` names the currency of
 * values and balances: the settlement currency for a buy, the base for a sell.
 */
export function problemMessage(p: OrderProblem, currency: string): ContractMessage {
  switch (p.problem) {
    case 'invalid':
      return { key: 'amount_invalid', values: { field: p.field } };
    case 'off_tick':
      return { key: 'price_off_tick', values: { field: p.field, tick: p.step } };
    case 'off_lot':
      return { key: 'amount_off_lot', values: { field: p.field, lot: p.step } };
    case 'below_min':
      return { key: 'amount_below_minimum', values: { field: p.field, minimum: p.min } };
    case 'above_max':
      return { key: 'amount_above_maximum', values: { maximum: p.max, currency } };
    case 'insufficient':
      return { key: 'insufficient_balance_available', values: { available: p.available, currency } };
  }
}
