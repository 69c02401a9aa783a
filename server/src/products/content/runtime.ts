import type { FastifyInstance } from 'fastify';
import { seedDemoContent } from './seed';

/** Demo mode's articles, banners and notices. Started by the composition root (server/src/wiring.ts). */
export async function startContent(app: FastifyInstance): Promise<void> {
  if (app.ctx.config.mode === 'demo') await seedDemoContent(app.ctx.db, app.ctx.now());
}
