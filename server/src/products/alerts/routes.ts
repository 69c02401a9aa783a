import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/alerts';
import { ALERT_MAX_ACTIVE } from '@contract/alerts';
import { AppError } from '../../errors';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { userAlerts } from './repo';
import type { AlertWatcher } from './runtime';
import { alertView, createAlert, instrumentById, pauseAlert, removeAlert, resumeAlert } from './service';

/** `/alert/*`: the user's price alerts; each change is committed first, then the watcher follows it. */
export async function alertRoutes(app: FastifyInstance, opts: { watcher: AlertWatcher }): Promise<void> {
  const { ctx } = app;
  const { watcher } = opts;
  // Only pairs the feed prices can be watched.
  const priced = new Set(ctx.market.instruments().map((i) => i.id));

  bindEndpoint(app, contract.alertList, async ({ pair_id }, h) => {
    const rows = await userAlerts(ctx.db, signedIn(h).user.id, pair_id);
    return {
      items: rows.map(alertView),
      active: rows.filter((r) => r.status === 'active').length,
      max_active: ALERT_MAX_ACTIVE,
    };
  });

  bindEndpoint(app, contract.alertCreate, async (input, h) => {
    if (!instrumentById.has(input.pair_id) || !priced.has(input.pair_id))
      throw new AppError('field_invalid', { field: 'pair_id' });
    const row = await createAlert(
      ctx.db,
      signedIn(h).user.id,
      {
        pairId: input.pair_id,
        kind: input.kind,
        price: input.price,
        percent: input.percent,
        repeat: input.repeat,
        cooldownMinutes: input.cooldown_minutes,
      },
      ctx.now(),
    );
    watcher.watch(row);
    return alertView(row);
  });

  bindEndpoint(app, contract.alertPause, async ({ id }, h) => {
    const row = await pauseAlert(ctx.db, signedIn(h).user.id, id, ctx.now());
    watcher.watch(row);
    return alertView(row);
  });

  bindEndpoint(app, contract.alertResume, async ({ id }, h) => {
    const row = await resumeAlert(ctx.db, signedIn(h).user.id, id, ctx.now());
    watcher.watch(row);
    return alertView(row);
  });

  bindEndpoint(app, contract.alertDelete, async ({ id }, h) => {
    const row = await removeAlert(ctx.db, signedIn(h).user.id, id);
    watcher.forget(row.id);
    return { removed: 1 };
  });
}
