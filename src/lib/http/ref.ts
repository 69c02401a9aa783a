import type { Endpoint } from '@contract/define';

/**
 * A contract endpoint's method and path without its zod schemas, still typed from the entry.
 * For the screens of the first route, where loading zod would cost the bundle budget; every
 * other screen passes the contract entry itself. Keep it in step with the contract (a test
 * compares the two).
 */
export interface EndpointRef<E extends Endpoint> {
  readonly method: E['method'];
  readonly path: string;
  /** Type-only link to the entry; never set. */
  readonly __endpoint?: E;
}

export function endpointRef<E extends Endpoint>(method: E['method'], path: string): EndpointRef<E> {
  return { method, path };
}
