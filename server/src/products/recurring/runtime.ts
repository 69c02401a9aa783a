import type { FastifyInstance } from 'fastify';
import { recurringJobs } from './jobs';
import type { MarketBuy } from './service';

/** Registers the job that claims due plans and places their buys. Started by server/src/wiring.ts. */
export function startRecurring(app: FastifyInstance, buy: MarketBuy): void {
  const { ctx } = app;
  const deps = {
    db: ctx.db,
    buy,
    now: ctx.now,
    onError: (err: unknown) => app.log.warn({ err }, 'recurring buy left pending; retried next minute'),
  };
  for (const job of recurringJobs(deps)) ctx.scheduler.register(job);
}
