import { accountEvent, orderEvent, type AccountEvent, type OrderEvent } from '@contract/user-events';

export type PrivateEvent = { kind: 'account'; event: AccountEvent } | { kind: 'order'; event: OrderEvent };

/**
 * Checks an incoming event against the contract's private event schemas. Its own chunk, loaded
 * with the first private listener: the schemas bring zod, which market data never needs, so the
 * live connection of the first route stays small.
 */
export function parsePrivateEvent(event: unknown): PrivateEvent | null {
  const account = accountEvent.safeParse(event);
  if (account.success) return { kind: 'account', event: account.data };
  const order = orderEvent.safeParse(event);
  return order.success ? { kind: 'order', event: order.data } : null;
}
