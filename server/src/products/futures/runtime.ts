import type { FastifyInstance } from 'fastify';
import { LEVER_TRADE_EVENT } from '@contract/user-events';
import type { Listener } from '../../db/listen';
import { FuturesEngine } from '../../positions/engine';

/**
 * The futures engine of this app: triggers, liquidations and fills follow the feed from start to
 * close, and the positions every process changes follow the database's notifications through
 * `listener`. Built by the composition root (server/src/wiring.ts) before the routes that use it.
 */
export async function startFutures(app: FastifyInstance, listener: Listener): Promise<FuturesEngine> {
  const engine = new FuturesEngine({
    db: app.ctx.db,
    market: app.ctx.market,
    now: app.ctx.now,
    emit: (userId, event) => app.realtime.emitToUser(userId, LEVER_TRADE_EVENT, event),
    log: (err, message) => app.log.error({ err }, message),
  });
  // Following first: a change committed while the index loads is read again after it.
  await engine.follow(listener);
  await engine.start();
  app.addHook('preClose', () => engine.stop());
  return engine;
}
