import type { FastifyInstance } from 'fastify';
import { lockJobs } from './jobs';
import { seedDemoProducts } from './seed';

/** The daily income and maturity jobs and demo mode's products. Started by the composition root (server/src/wiring.ts). */
export async function startLockming(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  for (const job of lockJobs(ctx.now)) ctx.scheduler.register(job);
  if (ctx.config.mode === 'demo') await seedDemoProducts(ctx.db, ctx.now());
}
