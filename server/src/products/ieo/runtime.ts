import type { FastifyInstance } from 'fastify';
import { seedDemoProjects } from './seed';
import { ieoSweepJob } from './sweep';

/** The IEO sweep job and demo mode's projects. Started by the composition root (server/src/wiring.ts). */
export async function startIeo(app: FastifyInstance): Promise<void> {
  if (app.ctx.config.mode === 'demo') await seedDemoProjects(app.ctx.db, app.ctx.now());
  app.ctx.scheduler.register(ieoSweepJob);
}
