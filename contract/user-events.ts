import { z } from 'zod';

/**
 * Private live events, sent to the room `user:<id>` a connection joins with `login {token}`
 * (contract/market-events.ts). As with market events, the socket.io event name is the payload
 * `type`. They carry no figures: they say what changed, and the screen that shows it fetches it
 * again through the API, so the socket never becomes a second source of truth.
 */
export const ACCOUNT_EVENT = 'account';

/** What an admin decided on: an identity submission, a recharge or a withdrawal of the user. */
export const ACCOUNT_CHANGE_KINDS = ['identity', 'recharge', 'withdrawal'] as const;
export type AccountChangeKind = (typeof ACCOUNT_CHANGE_KINDS)[number];

export const accountEvent = z.object({
  type: z.literal(ACCOUNT_EVENT),
  kind: z.enum(ACCOUNT_CHANGE_KINDS),
});
export type AccountEvent = z.infer<typeof accountEvent>;

/**
 * One of the user's orders changed (placed, partly filled, filled, cancelled). Carries the order's
 * id and new status only; the trade screen refetches its current orders and balances.
 */
export const ORDER_EVENT = 'order';
export const orderEvent = z.object({
  type: z.literal(ORDER_EVENT),
  id: z.number().int(),
  symbol: z.string(),
  status: z.enum(['open', 'partial', 'filled', 'cancelled']),
});
export type OrderEvent = z.infer<typeof orderEvent>;

/**
 * One of the user's seconds contracts settled (contract/seconds.ts). Carries its id, pair and
 * result; the screen refetches the order for its prices and payout.
 */
export const CLOSED_MICROORDER_EVENT = 'closed_microorder';
export const closedMicroorderEvent = z.object({
  type: z.literal(CLOSED_MICROORDER_EVENT),
  id: z.number().int(),
  symbol: z.string(),
  result: z.enum(['win', 'tie', 'loss', 'void']),
});
export type ClosedMicroorderEvent = z.infer<typeof closedMicroorderEvent>;

/**
 * The user's futures changed (SPEC.md `lever_trade`): positions opened, closed (by the user or a
 * trigger), cancelled, filled from pending, stops changed or an overnight fee charged. At most one a
 * second per user; `ids` are the positions changed since the last one (at most 50). `hazard_rate`
 * is the risk rate over all open positions in percent at the time of sending (null without open
 * positions or prices). The futures screen refetches `/lever/my_trade` for figures.
 */
export const LEVER_TRADE_EVENT = 'lever_trade';
export const LEVER_CHANGE_KINDS = ['opened', 'filled', 'closed', 'cancelled', 'stops', 'overnight'] as const;
export type LeverChangeKind = (typeof LEVER_CHANGE_KINDS)[number];
export const leverTradeEvent = z.object({
  type: z.literal(LEVER_TRADE_EVENT),
  /** What happened, one of each kind at most, in the order first seen. */
  kinds: z.array(z.enum(LEVER_CHANGE_KINDS)),
  ids: z.array(z.number().int()),
  /** How many of the user's positions are open and pending now. */
  open_count: z.number().int(),
  pending_count: z.number().int(),
  hazard_rate: z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .nullable(),
});
export type LeverTradeEvent = z.infer<typeof leverTradeEvent>;
