import type { FastifyInstance } from 'fastify';
import { settleDue } from './game';

/** The mini game's rounds, settled each minute. Started by the composition root (server/src/wiring.ts). */
export function startSupport(app: FastifyInstance): void {
  const { ctx } = app;
  ctx.scheduler.register({
    name: 'game.settle',
    every: 'minute',
    catchUp: 'latest',
    run: async (tx) => {
      await settleDue(tx, ctx.now());
    },
  });
}
