import { idempotencyKeyOf, withIdempotency, type Tx } from '../ledger/index';
import { signedIn, type HandlerContext } from './contract';

/** Runs a money-moving operation once per key; `now` is the request's time, also the key's. */
export type RunOnce = <T>(body: unknown, operation: (tx: Tx, now: Date) => Promise<T>) => Promise<T>;

/**
 * The route side of idempotency for money-moving endpoints. Reads the `Idempotency-Key` header
 * at once, so a request without one is refused before any other check or work; the returned
 * `runOnce(body, operation)` runs the operation in its own transaction once per user and key
 * (`withIdempotency`), scoped to the endpoint's path, and replays the first answer for the same
 * body. Call it first in the handler, run the operation last.
 */
export function idempotent(h: HandlerContext): RunOnce {
  const { user } = signedIn(h);
  const key = idempotencyKeyOf(h.req);
  const now = h.ctx.now();
  const scope = h.endpoint.path;
  return (body, operation) =>
    withIdempotency(h.ctx.db, { userId: user.id, key, scope, body, now }, (tx) => operation(tx, now));
}
