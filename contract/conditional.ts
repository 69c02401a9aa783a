import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { amount, decimal as wireDecimal, id, limit, page } from './domain/wire';
import { ORDER_SIDES } from './trade';
import { MAX_TRAIL_PERCENT } from './domain/trailing';

/**
 * Spot orders that wait for a price. The funds are held when the order is placed, so a trigger
 * never fails for want of balance. Triggers are checked against each trade of the pair on its
 * book, in sequence: the first trade at or beyond the trigger fires the order once, and the order
 * it becomes enters the book right after that trade. A buy stop triggers at or above its price,
 * a sell stop at or below. Placing and cancelling require the `Idempotency-Key` header.
 */

const decimal = wireDecimal();

/**
 * `stop_limit`: a limit order at `target_price` once the trigger is reached. `stop_market`: a
 * market order (sell `amount` base, or spend `amount` quote to buy). `trailing_stop`: a market
 * order whose trigger trails the best trade price since placement by `trail_distance` (price) or
 * `trail_percent`: below the highest price for a sell, above the lowest for a buy.
 *
 * `oco` (one cancels the other): a limit order at `limit_price` that rests on the book at once
 * (the spot order `limit_order_id`, matching at once if it crosses) and a stop-limit
 * (`trigger_price`, `target_price`) that waits, both for `amount` base on the same side: the
 * take-profit and the stop-loss of one position. A sell's limit is above the last trade and its
 * trigger below it; a buy's limit below and its trigger above. Their funds are held once: a sell
 * holds `amount` base, a buy the value of its costlier leg. The first leg to act ends the other in
 * the same transaction: a fill of the limit order (in part or whole) cancels the stop, a trigger
 * cancels the limit order's unfilled rest before the stop's order enters the book. Cancelling the
 * OCO, or its limit order through `/coin/cancel`, cancels both.
 */
export const CONDITIONAL_KINDS = ['stop_limit', 'stop_market', 'trailing_stop', 'oco'] as const;
export type ConditionalKind = (typeof CONDITIONAL_KINDS)[number];
/**
 * `waiting` holds its funds; `triggered` became the order `order_id`; `cancelled` released them.
 * An OCO is `waiting` while both legs stand, `triggered` once a leg acted (`order_id` is the leg
 * that did: `limit_order_id` when its limit order traded, else the stop's order), `cancelled` when
 * it or its limit order was cancelled.
 */
export const CONDITIONAL_STATUSES = ['waiting', 'triggered', 'cancelled'] as const;
export type ConditionalStatus = (typeof CONDITIONAL_STATUSES)[number];
/** The widest trailing percentage. */
export { MAX_TRAIL_PERCENT };

export const conditionalSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  kind: z.enum(CONDITIONAL_KINDS),
  side: z.enum(ORDER_SIDES),
  /** The price a trade must reach (a trailing stop's moves with the best price). */
  trigger_price: decimal,
  /** "up": fires at or above the trigger; "down": at or below. */
  direction: z.enum(['up', 'down']),
  /** The limit price of a stop-limit, and of an OCO's stop leg (its `target_price`); null otherwise. */
  price: decimal.nullable(),
  /** An OCO's limit leg price (its take-profit); null for the other kinds. */
  limit_price: decimal.nullable(),
  /** Quantity in the base currency; null for a market buy, which spends `budget`. */
  amount: decimal.nullable(),
  budget: decimal.nullable(),
  trail_distance: decimal.nullable(),
  trail_percent: decimal.nullable(),
  /** A trailing stop's best trade price since placement. */
  best_price: decimal.nullable(),
  status: z.enum(CONDITIONAL_STATUSES),
  /**
   * The spot order it became, once triggered. For an OCO: its limit leg (`limit_order_id`) when
   * that traded first, else the order its stop leg became.
   */
  order_id: z.number().int().nullable(),
  /**
   * An OCO's limit leg: the spot order placed with it (in `/coin/list`, cancellable with
   * `/coin/cancel`, which cancels the OCO); null for the other kinds.
   */
  limit_order_id: z.number().int().nullable(),
  /** The trade that fired it and when (for an OCO whose limit leg traded first, that leg's first fill). */
  trigger_trade_id: z.number().int().nullable(),
  triggered_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Conditional = z.infer<typeof conditionalSchema>;

const trailPercent = () =>
  amount().refine((v) => Number(v) <= MAX_TRAIL_PERCENT && /^\d+(\.\d{1,2})?$/.test(v), {
    error: 'field_invalid',
  });

export const placeConditional = endpoint({
  method: 'POST',
  path: '/coin/conditional/place',
  auth: true,
  summary:
    'Place a stop-limit, stop-market, trailing stop or OCO order; its funds are held now. Idempotency-Key required',
  tags: ['trade'],
  request: z
    .object({
      currency_id: id('field_required'),
      legal_id: id('field_required'),
      kind: z.enum(CONDITIONAL_KINDS, { error: 'field_invalid' }),
      side: z.enum(ORDER_SIDES, { error: 'field_invalid' }),
      /** Base quantity; for a market buy (stop-market, trailing) what to spend in the quote currency. */
      amount: amount(),
      trigger_price: amount().optional(),
      /** The limit price of a stop-limit, and of an OCO's stop leg. */
      target_price: amount().optional(),
      /**
       * An OCO's limit leg price (required for `oco`, refused for the other kinds): above the last
       * trade to sell, below it to buy (else `limit_price_reached`, values.last).
       */
      limit_price: amount().optional(),
      trail_distance: amount().optional(),
      trail_percent: trailPercent().optional(),
    })
    .superRefine((v, ctx) => {
      const need = (field: 'trigger_price' | 'target_price' | 'limit_price') => {
        if (v[field] === undefined) ctx.addIssue({ code: 'custom', message: 'field_required', path: [field] });
      };
      if (v.kind !== 'trailing_stop') need('trigger_price');
      if (v.kind === 'stop_limit' || v.kind === 'oco') need('target_price');
      if (v.kind === 'oco') need('limit_price');
      else if (v.limit_price !== undefined) {
        ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['limit_price'] });
      }
      if (v.kind === 'trailing_stop' && (v.trail_distance === undefined) === (v.trail_percent === undefined)) {
        ctx.addIssue({ code: 'custom', message: 'field_required', path: ['trail_percent'] });
      }
    }),
  response: conditionalSchema,
});

export const cancelConditional = endpoint({
  method: 'POST',
  path: '/coin/conditional/cancel',
  auth: true,
  summary:
    "Cancel one of the user's waiting conditional orders (an OCO: both legs); its hold is released. Idempotency-Key required",
  tags: ['trade'],
  request: z.object({ id: id('field_required') }),
  response: conditionalSchema,
});

export const conditionalList = endpoint({
  method: 'GET',
  path: '/coin/conditional/list',
  auth: true,
  summary: "The user's conditional orders (waiting, or all), newest first",
  tags: ['trade'],
  request: z.object({
    status: z.enum(CONDITIONAL_STATUSES, { error: 'field_invalid' }).optional(),
    currency_id: id().optional(),
    legal_id: id().optional(),
    page: page(),
    limit: limit(),
  }),
  response: pagedSchema(conditionalSchema),
});
