import type { FastifyInstance } from 'fastify';
import type { FuturesEngine } from '../../positions/engine';
import { CopyEngine } from './engine';
import { traderStatsJob } from './stats';

/**
 * The copy engine (it copies traders' futures positions through the futures engine) and the
 * traders' daily statistics job. Built by the composition root after the futures engine.
 */
export async function startCopytrade(app: FastifyInstance, futures: FuturesEngine): Promise<CopyEngine> {
  const engine = new CopyEngine({
    db: app.ctx.db,
    futures,
    now: app.ctx.now,
    log: (err, message) => app.log.error({ err }, message),
  });
  await engine.start();
  app.addHook('preClose', () => engine.stop());
  app.ctx.scheduler.register(traderStatsJob);
  return engine;
}
