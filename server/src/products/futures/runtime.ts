import type { FastifyInstance } from 'fastify';
import { LEVER_TRADE_EVENT } from '@contract/user-events';
import { FuturesEngine } from '../../positions/engine';

/**
 * The futures engine of this app: triggers, liquidations and fills follow the feed from start to
 * close. Built by the composition root (server/src/wiring.ts) before the routes that use it.
 */
export async function startFutures(app: FastifyInstance): Promise<FuturesEngine> {
  const engine = new FuturesEngine({
    db: app.ctx.db,
    market: app.ctx.market,
    now: app.ctx.now,
    emit: (userId, event) => app.realtime.emitToUser(userId, LEVER_TRADE_EVENT, event),
    log: (err, message) => app.log.error({ err }, message),
  });
  await engine.start();
  app.addHook('preClose', () => engine.stop());
  return engine;
}
