import type { FastifyInstance } from 'fastify';
import { rebateJob } from './jobs';

/** The hourly rebate payout. Started by the composition root (server/src/wiring.ts). */
export function startInvite(app: FastifyInstance): void {
  app.ctx.scheduler.register(rebateJob(app.ctx.now));
}
