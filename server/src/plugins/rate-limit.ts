import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../errors';

/**
 * Requests per key in fixed windows, counted in this process. The key least recently counted is
 * forgotten beyond `maxKeys`, so a flood of new addresses cannot grow memory without bound.
 */
export class WindowCounters {
  private readonly windows = new Map<string, { count: number; startMs: number }>();

  constructor(
    readonly windowMs: number,
    readonly maxKeys = 5000,
  ) {}

  /** Counts one request of `key`: its number in the current window and the ms left in it. */
  hit(key: string, nowMs: number): { count: number; leftMs: number } {
    let window = this.windows.get(key);
    if (window) this.windows.delete(key);
    if (!window || window.startMs + this.windowMs <= nowMs) window = { count: 0, startMs: nowMs };
    window.count += 1;
    // Re-inserted, so the Map's first key is the one least recently counted.
    this.windows.set(key, window);
    if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    return { count: window.count, leftMs: window.startMs + this.windowMs - nowMs };
  }
}

export interface RateLimit {
  counters: WindowCounters;
  /** Whose budget a request spends: its account, its address. At once, or once a session is read. */
  key: (req: FastifyRequest) => string | Promise<string>;
  /** The budget of a key per window. */
  max: (key: string) => number;
}

/** Counts the request; past the budget the reply is a 429 with the seconds until the window ends. */
function spend(limit: RateLimit, key: string, reply: FastifyReply): AppError | undefined {
  const max = limit.max(key);
  const { count, leftMs } = limit.counters.hit(key, Date.now());
  const reset = Math.ceil(leftMs / 1000);
  reply.header('x-ratelimit-limit', max);
  reply.header('x-ratelimit-remaining', Math.max(0, max - count));
  reply.header('x-ratelimit-reset', reset);
  if (count <= max) return undefined;
  reply.header('retry-after', reset);
  return new AppError('too_many_requests', { status: 429 });
}

/**
 * An onRequest hook spending one request of `limit` (what @fastify/rate-limit's local store did,
 * without its three promises per request: a key known at once is counted at once).
 */
export function rateLimitHook(limit: RateLimit): onRequestHookHandler {
  return (req, reply, done) => {
    let key: string | Promise<string>;
    try {
      key = limit.key(req);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (typeof key === 'string') done(spend(limit, key, reply));
    else key.then((k) => done(spend(limit, k, reply)), done);
  };
}
