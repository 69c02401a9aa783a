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
 * One of the user's seconds contracts settled (contract/microtrade.ts). Carries its id, pair and
 * result; the screen refetches the order for its prices and payout.
 */
export const CLOSED_MICROORDER_EVENT = 'closed_microorder';
export const closedMicroorderEvent = z.object({
  type: z.literal(CLOSED_MICROORDER_EVENT),
  id: z.number().int(),
  symbol: z.string(),
  result: z.enum(['win', 'tie', 'loss']),
});
export type ClosedMicroorderEvent = z.infer<typeof closedMicroorderEvent>;
