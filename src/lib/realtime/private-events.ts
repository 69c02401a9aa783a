import {
  accountEvent,
  closedMicroorderEvent,
  orderEvent,
  type AccountEvent,
  type ClosedMicroorderEvent,
  type OrderEvent,
} from '@contract/user-events';
import { leverTradeEvent, type LeverTradeEvent } from '@contract/user-events';

export type PrivateEvent =
  | { kind: 'account'; event: AccountEvent }
  | { kind: 'order'; event: OrderEvent }
  | { kind: 'micro'; event: ClosedMicroorderEvent }
  | { kind: 'lever'; event: LeverTradeEvent };

/**
 * Checks an incoming event against the contract's private event schemas. Its own chunk, loaded
 * with the first private listener: the schemas bring zod, which market data never needs, so the
 * live connection of the first route stays small.
 */
export function parsePrivateEvent(event: unknown): PrivateEvent | null {
  const account = accountEvent.safeParse(event);
  if (account.success) return { kind: 'account', event: account.data };
  const order = orderEvent.safeParse(event);
  if (order.success) return { kind: 'order', event: order.data };
  const micro = closedMicroorderEvent.safeParse(event);
  if (micro.success) return { kind: 'micro', event: micro.data };
  const lever = leverTradeEvent.safeParse(event);
  return lever.success ? { kind: 'lever', event: lever.data } : null;
}
