import type { FastifyInstance } from 'fastify';
import type { Listener } from '../db/listen';
import { loadVapidKeys, type VapidKeys } from './keys';
import type { PushTexts } from './texts';
import { PushWorker } from './worker';

/** Web push of an app: the VAPID keys and, unless `PUSH_WORKER=external`, this process's worker. */
export interface PushRuntime {
  keys: VapidKeys;
  worker: PushWorker | undefined;
}

export interface PushRuntimeOptions {
  /** What each event says in each language: the app's table of renderers (`wiring.ts`). */
  texts: PushTexts;
  /** The database's notifications: the worker wakes when `notify` commits rows. */
  listener?: Listener;
  /** Run the delivery worker in this process (default: unless `config.pushWorker` is `external`). */
  worker?: boolean;
}

/** Loads the keys and builds the delivery worker, started once the app is ready. */
export async function startPush(app: FastifyInstance, options: PushRuntimeOptions): Promise<PushRuntime> {
  const { ctx } = app;
  const keys = await loadVapidKeys(ctx.config);
  const runWorker = options.worker ?? ctx.config.pushWorker !== 'external';
  const worker = runWorker
    ? new PushWorker({
        db: ctx.db,
        keys,
        texts: options.texts,
        now: ctx.now,
        ...(options.listener ? { listener: options.listener } : {}),
        onError: (err) => app.log.warn({ err }, 'push delivery'),
      })
    : undefined;
  if (worker) {
    app.addHook('onReady', () => worker.start());
    app.addHook('preClose', () => worker.stop());
  }
  return { keys, worker };
}
