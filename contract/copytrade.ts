import { z } from 'zod';
import { endpoint } from './define';
import { pagedSchema } from './envelope';
import { positionSchema } from './futures';
import { reviewRequest } from './admin';
import { amount, choice, decimal as wireDecimal, id, page, limit, text } from './domain/wire';

/**
 * Copy trading ("follow", SPEC.md sections 1, 3, 4, 7, 9). Traders are users an administrator
 * approved through an application. A follower copies the trader's futures positions: when the
 * trader's position opens, each active follow gets its own position (the follower's futures
 * position, paid from the follower's lever USDT account: own margin, own fees) at the trader's
 * fill price and leverage; when the trader's position closes (by hand, batch, take-profit,
 * stop-loss or liquidation) every open copy of it closes at the same price.
 *
 * Copy size:
 * - fixed multiple (`type` 1): lots = trader's lots x `number`, rounded down to whole lots;
 *   `number` is a ratio from 0.01 to 100, rounded half up to two decimals (0.333 -> 0.33,
 *   1.555 -> 1.56). 3 lots x 1.5 = 4 lots (4.5 rounded down); 3 lots x 0.33 = 0 lots: skipped.
 * - fixed lots (`type` 2): lots = `number` (a whole number) whatever the trader's lots.
 * A copy is skipped, and recorded as skipped with its reason, when it comes to 0 lots, when its
 * margin would take the follow's open copies above the amount cap (`max_amount`), when the
 * follower cannot afford margin and fee, or when futures refuse it (lot range, house capacity).
 * One follower's skip never holds up the others.
 *
 * A copied position cannot be closed by the follower (`/lever/close` refuses with
 * `follow_copy_close`) until `/follow/selfHolding` turns it into the follower's own position;
 * from then on it no longer closes with the trader. Cancelling a follow stops new copies; copies
 * already open stay open and still close with the trader (or may be turned into self-holding).
 *
 * Trader statistics are computed hourly from the trader's closed futures positions (`as_of` is
 * the end of the hour they cover); followers are the trader's active follows now, counted at
 * each request.
 */

const decimal = wireDecimal();

/** `type` of a follow: 1 fixed multiple, 2 fixed lots. */
export const FOLLOW_TYPES = { multiple: 1, lots: 2 } as const;
export type FollowType = 1 | 2;
/** Limits of `number`: a multiple from 0.01 to 100; fixed lots from 1 to 10,000. */
export const FOLLOW_MULTIPLE_MIN = '0.01';
export const FOLLOW_MULTIPLE_MAX = 100;
export const FOLLOW_LOTS_MAX = 10_000;

/** A follow is `following` (copies the trader's new positions) or `cancelled` (it no longer copies). */
export const FOLLOW_STATES = ['following', 'cancelled'] as const;
export type FollowState = (typeof FOLLOW_STATES)[number];

/** `status` of the lists: 1 current, 2 history. */
export const FOLLOW_LIST_STATES = { current: 1, history: 2 } as const;

/**
 * A copy record, one per (follow, trader position): `open` (the copy position is open), `closed`
 * (closed with the trader, or by its own liquidation), `self_holding` (turned into the follower's
 * own position), `skipped` (no position was opened; see `skip_reason`).
 */
export const COPY_STATES = ['open', 'closed', 'self_holding', 'skipped'] as const;
export type CopyState = (typeof COPY_STATES)[number];

/**
 * Why a copy was skipped: `zero_lots` (the multiple came to less than a lot), `amount_cap` (above
 * the follow's cap), `insufficient_balance` (the follower could not pay margin and fee),
 * `share_range` (outside the pair's lot range), `house_cap` (the house takes no more of that side),
 * `missed` (the server stopped between the trader's fill and the copy, and the price has moved
 * since, so the copy could not be made at the trader's price).
 */
export const SKIP_REASONS = [
  'zero_lots',
  'amount_cap',
  'insufficient_balance',
  'share_range',
  'house_cap',
  'missed',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** A trader application: `review` (waiting), `approved`, `rejected`. */
export const APPLICATION_STATES = ['review', 'approved', 'rejected'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** An optional amount: absent, empty or null means none. */
const optionalAmount = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), amount().optional()) as z.ZodType<
    string | undefined,
    unknown
  >;

/** A trader's statistics, computed hourly from their closed futures positions. */
export const traderStatsSchema = z.object({
  /** Sum of realised profit of closed positions (USDT, may be negative). */
  total_profit: decimal,
  /** Profitable closed positions / closed positions x 100, in percent ("0" without any). */
  accuracy: decimal,
  /** Active follows now (not hourly: a follow counts at once). */
  followers: z.number().int(),
  /** Total profit / margin used by the closed positions x 100, in percent. */
  yield: decimal,
  /** Closed positions with a profit above zero. */
  profitable_orders: z.number().int(),
  closed_orders: z.number().int(),
  /** Sum of the initial margins of the closed positions. */
  margin_used: decimal,
  /** The end of the hour the figures cover (ISO); null before the first hourly run. */
  as_of: z.string().nullable(),
});
export type TraderStats = z.infer<typeof traderStatsSchema>;

export const followSchema = z.object({
  id: z.number().int(),
  trader_user_id: z.number().int(),
  trader_name: z.string(),
  follow_user_id: z.number().int(),
  /** 1 fixed multiple, 2 fixed lots. */
  type: z.union([z.literal(1), z.literal(2)]),
  /** The multiple (two decimals) or the lots. */
  number: decimal,
  /** Cap of the margin of this follow's open copies (USDT); null without a cap. */
  max_amount: decimal.nullable(),
  state: z.enum(FOLLOW_STATES),
  /** Margin of this follow's open copies now. */
  used_amount: decimal,
  /** Copies opened and copies skipped under this follow. */
  copied_count: z.number().int(),
  skipped_count: z.number().int(),
  /** Realised profit of this follow's closed copies. */
  profit: decimal,
  created_at: z.string(),
  updated_at: z.string(),
  cancelled_at: z.string().nullable(),
});
export type Follow = z.infer<typeof followSchema>;

export const traderSchema = z.object({
  user_id: z.number().int(),
  /** Nickname, or the masked account. */
  name: z.string(),
  /** An avatar picture URL; null while users have no avatar (the client draws the name's initial). */
  avatar: z.string().nullable(),
  /** The trader's introduction from the application. */
  introduction: z.string(),
  /** A demo trader: an account of the demo deployment that trades through the real futures engine on the simulated feed. */
  demo: z.boolean(),
  approved_at: z.string(),
  stats: traderStatsSchema,
  /** The signed-in user's active follow of this trader; null when not following. */
  my_follow: followSchema.nullable(),
  /** Whether this trader is the signed-in user (who cannot follow themselves). */
  is_me: z.boolean(),
});
export type Trader = z.infer<typeof traderSchema>;

/** A trader's position as followers see it (no account details). */
export const traderTradeSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  type: z.union([z.literal(1), z.literal(2)]),
  status: positionSchema.shape.status,
  share: z.number().int(),
  multiple: z.number().int(),
  price: decimal,
  close_price: decimal.nullable(),
  profits: decimal,
  caution_money: decimal,
  transaction_time: z.string(),
  close_time: z.string().nullable(),
  close_reason: positionSchema.shape.close_reason,
});
export type TraderTrade = z.infer<typeof traderTradeSchema>;

export const copySchema = z.object({
  id: z.number().int(),
  follow_id: z.number().int(),
  trader_user_id: z.number().int(),
  trader_name: z.string(),
  /** The trader's position this copies. */
  trader_position_id: z.number().int(),
  symbol: z.string(),
  /** 1 long, 2 short. */
  type: z.union([z.literal(1), z.literal(2)]),
  /** The trader's lots and the copy's lots (0 when skipped for zero lots). */
  trader_share: z.number().int(),
  share: z.number().int(),
  state: z.enum(COPY_STATES),
  skip_reason: z.enum(SKIP_REASONS).nullable(),
  /** The follower's position (null when skipped). */
  position: positionSchema.nullable(),
  created_at: z.string(),
  /** When it was turned into self-holding. */
  self_held_at: z.string().nullable(),
});
export type Copy = z.infer<typeof copySchema>;

export const applicationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  introduction: z.string(),
  state: z.enum(APPLICATION_STATES),
  /** The reviewer's reason (shown to the user when rejected). */
  reason: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

export const adminApplicationSchema = applicationSchema.extend({
  account_number: z.string(),
  /** The applicant's futures record, to judge the application. */
  closed_orders: z.number().int(),
  total_profit: decimal,
});

const listRequest = () =>
  z.object({
    /** 1 current, 2 history. */
    status: choice([1, 2] as const).default(1),
    page: page(),
    limit: limit(),
  });

export const followIndex = endpoint({
  method: 'GET',
  path: '/follow/index',
  auth: true,
  summary: 'Approved traders with their hourly statistics and the user’s follow of each, most followers first',
  tags: ['follow'],
  request: z.object({ page: page(), limit: limit() }),
  response: pagedSchema(traderSchema),
});

export const followTraderDetail = endpoint({
  method: 'GET',
  path: '/follow/traderDetail',
  auth: true,
  summary: 'One trader: statistics, the user’s follow, and the trader’s open and latest closed positions',
  tags: ['follow'],
  request: z.object({ trader_id: id('field_required') }),
  response: traderSchema.extend({
    open_trades: z.array(traderTradeSchema),
    /** The 20 latest closed positions. */
    closed_trades: z.array(traderTradeSchema),
  }),
});

/**
 * Follows a trader, or edits the active follow of that trader (the new settings replace the old
 * for copies made from now on). `number`: the multiple (type 1, 0.01 to 100, rounded to two
 * decimals) or the lots (type 2, a whole number from 1 to 10,000). `max_amount`: optional cap of
 * the margin in this follow's open copies. Idempotency-Key required.
 */
export const followFollow = endpoint({
  method: 'POST',
  path: '/follow/follow',
  auth: true,
  summary: 'Follow a trader or edit the follow (fixed multiple or fixed lots, amount cap); Idempotency-Key required',
  tags: ['follow'],
  request: z.object({
    trader_user_id: id('field_required'),
    /** 1 fixed multiple, 2 fixed lots. */
    type: choice([1, 2] as const),
    number: amount(),
    max_amount: optionalAmount(),
  }),
  response: followSchema,
});

export const followCancel = endpoint({
  method: 'POST',
  path: '/follow/cancel',
  auth: true,
  summary: 'Stop following (open copies stay and close with the trader); Idempotency-Key required',
  tags: ['follow'],
  request: z.object({ id: id('field_required') }),
  response: followSchema,
});

export const followMyFollows = endpoint({
  method: 'GET',
  path: '/follow/myFollow',
  auth: true,
  summary: 'The user’s follows: current (following) or history (cancelled), newest first',
  tags: ['follow'],
  request: listRequest(),
  response: pagedSchema(followSchema),
});

export const followCurrentTrade = endpoint({
  method: 'GET',
  path: '/follow/currentTrade',
  auth: true,
  summary: 'The user’s open copies, newest first',
  tags: ['follow'],
  request: z.object({ follow_id: id().optional(), page: page(), limit: limit() }),
  response: pagedSchema(copySchema),
});

export const followHistoryTrade = endpoint({
  method: 'GET',
  path: '/follow/historyTrade',
  auth: true,
  summary: 'The user’s past copies: closed, turned into self-holding and skipped, newest first',
  tags: ['follow'],
  request: z.object({ follow_id: id().optional(), page: page(), limit: limit() }),
  response: pagedSchema(copySchema),
});

/** `id` is the copy's id (`copySchema.id`), not its position's. */
export const followSelfHolding = endpoint({
  method: 'POST',
  path: '/follow/selfHolding',
  auth: true,
  summary:
    'Turn an open copy into the user’s own position (it no longer closes with the trader); Idempotency-Key required',
  tags: ['follow'],
  request: z.object({ id: id('field_required') }),
  response: copySchema,
});

export const followApply = endpoint({
  method: 'POST',
  path: '/follow/apply',
  auth: true,
  summary: 'Apply to become a trader (one application waiting at a time)',
  tags: ['follow'],
  request: z.object({ introduction: text({ max: 500, multiline: true }).default('') }),
  response: applicationSchema,
});

export const followMyApplication = endpoint({
  method: 'GET',
  path: '/follow/myApplication',
  auth: true,
  summary: 'The user’s latest trader application, or null',
  tags: ['follow'],
  request: z.object({}),
  response: applicationSchema.nullable(),
});

/**
 * Copy trading's published terms: copies pay the futures fees of their own positions (the rates in
 * force now, the back office's futures settings) and nothing else; there is no subscription and
 * no profit share.
 */
export const copyTermsSchema = z.object({
  /** Handling fee on position value, at open and at close, as a fraction ("0.0005"). */
  fee_rate: decimal,
  /** Overnight fee on the entry value per 00:00 UTC held, as a fraction. */
  overnight_rate: decimal,
  /** Fraction of a follower's profit paid to the trader: "0". */
  profit_share: decimal,
  /** Subscription fee for following, in USDT: "0". */
  subscription_fee: decimal,
});
export type CopyTerms = z.infer<typeof copyTermsSchema>;

export const followTerms = endpoint({
  method: 'GET',
  path: '/follow/terms',
  auth: false,
  summary: 'Copy trading’s published fees: the futures handling and overnight rates in force; no profit share',
  tags: ['follow'],
  request: z.object({}),
  response: copyTermsSchema,
});

export const adminFollowList = endpoint({
  method: 'GET',
  path: '/admin/follow/list',
  auth: 'staff',
  summary: 'Trader applications by state (default: waiting for review), oldest first',
  tags: ['admin'],
  request: z.object({
    status: z.enum(APPLICATION_STATES, { error: 'field_invalid' }).default('review'),
    page: page(),
    limit: limit(),
  }),
  response: pagedSchema(adminApplicationSchema),
});

export const adminFollowReview = endpoint({
  method: 'POST',
  path: '/admin/follow/review',
  auth: 'staff',
  summary: 'Approve (the user becomes a trader) or reject a trader application',
  tags: ['admin'],
  request: reviewRequest(),
  response: adminApplicationSchema,
});
