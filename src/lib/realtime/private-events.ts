import {
  accountEvent,
  closedMicroorderEvent,
  orderEvent,
  type AccountEvent,
  type ClosedMicroorderEvent,
  type OrderEvent,
} from '@contract/user-events';
import { leverTradeEvent, type LeverTradeEvent } from '@contract/user-events';
import {
  chatDeletedEvent,
  chatMessageEvent,
  supportEvent,
  type ChatEvent,
  type SupportEvent,
} from '@contract/support-events';

export type PrivateEvent =
  | { kind: 'account'; event: AccountEvent }
  | { kind: 'order'; event: OrderEvent }
  | { kind: 'micro'; event: ClosedMicroorderEvent }
  | { kind: 'lever'; event: LeverTradeEvent }
  | { kind: 'support'; event: SupportEvent }
  | { kind: 'chat'; event: ChatEvent };

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
  if (lever.success) return { kind: 'lever', event: lever.data };
  const support = supportEvent.safeParse(event);
  if (support.success) return { kind: 'support', event: support.data };
  const chat = chatMessageEvent.safeParse(event);
  if (chat.success) return { kind: 'chat', event: chat.data };
  const deleted = chatDeletedEvent.safeParse(event);
  return deleted.success ? { kind: 'chat', event: deleted.data } : null;
}
