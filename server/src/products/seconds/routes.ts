import type { FastifyInstance } from 'fastify';
import { secondsAdminRoutes } from './admin-routes';
import * as contract from '@contract/seconds';
import { CLOSED_MICROORDER_EVENT, type ClosedMicroorderEvent } from '@contract/user-events';
import { AppError } from '../../errors';
import { balances, idempotencyKeyOf, requestHash, toWire } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { idempotent } from '../../plugins/idempotent';
import type { SecondsRuntime } from './index';
import { secondsTerms, STAKE_CURRENCIES } from './terms';
import { findKeys } from '../../trading/repo';
import { userMicroOrder, userMicroOrders, userOpenStakes } from './repo';
import { acceptOrder, checkSubmit, entryPrice, instrumentOfPair, microOrderView, nameOfCurrency } from './service';

export interface SecondsRoutesOptions {
  seconds: SecondsRuntime;
}

export async function microtradeRoutes(app: FastifyInstance, { seconds }: SecondsRoutesOptions): Promise<void> {
  const { market, priceRecord } = app.ctx;
  secondsAdminRoutes(app);
  const nowMs = () => app.ctx.now().getTime();

  bindEndpoint(app, contract.microSeconds, () => [...secondsTerms.get()]);

  bindEndpoint(app, contract.payableCurrencies, async (_input, h) => {
    const userId = signedIn(h).user.id;
    const [own, staked] = await Promise.all([balances(h.ctx.db, userId), userOpenStakes(h.ctx.db, userId)]);
    return STAKE_CURRENCIES.map((currencyId) => {
      const b = own.find((r) => r.type === 'micro' && r.currencyId === currencyId);
      return {
        currency_id: currencyId,
        currency_name: nameOfCurrency(currencyId),
        micro_balance: b?.available ?? '0',
        // The open stakes (in escrow, or held for orders accepted before the escrow).
        lock_micro_balance: toWire(staked.get(currencyId) ?? '0'),
      };
    });
  });

  bindEndpoint(app, contract.microSubmit, async (input, h) => {
    const userId = signedIn(h).user.id;
    const runOnce = idempotent(h);
    const checked = checkSubmit(market, input);
    try {
      entryPrice(priceRecord.history.last(checked.inst.id), nowMs(), market.staleMs);
    } catch (err) {
      // A retry of an order accepted before the price went stale replays its answer.
      const key = idempotencyKeyOf(h.req);
      const [stored] = await findKeys(h.ctx.db, [{ userId, key }]);
      if (stored && stored.requestHash === requestHash(h.endpoint.path, input) && 'ok' in stored.response) {
        const replay = stored.response.ok as contract.MicroOrder | null;
        if (replay) return replay;
      }
      throw err;
    }
    return runOnce(input, (tx, now) =>
      acceptOrder(tx, {
        userId,
        order: checked,
        now,
        price: () => priceRecord.history.last(checked.inst.id),
        staleMs: market.staleMs,
        houseCap: seconds.houseCap,
      }),
    );
  });

  bindEndpoint(app, contract.microLists, async (input, h) => {
    const { rows, total } = await userMicroOrders(h.ctx.db, signedIn(h).user.id, {
      state: input.status,
      pairId: input.match_id,
      page: input.page,
      limit: input.limit,
    });
    const now = nowMs();
    return paged(
      rows.map((r) => microOrderView(r, now)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.microResult, async (input, h) => {
    const row = await userMicroOrder(h.ctx.db, signedIn(h).user.id, input.id);
    // Another user's order answers exactly as a missing one: its existence is not revealed.
    if (!row) throw new AppError('order_not_found', { field: 'id' });
    return microOrderView(row, nowMs());
  });

  const unsubscribe = seconds.worker.onSettled((orders) => {
    for (const o of orders) {
      const event: ClosedMicroorderEvent = {
        type: CLOSED_MICROORDER_EVENT,
        id: o.id,
        symbol: instrumentOfPair(o.pairId)?.symbol ?? String(o.pairId),
        result: o.result,
      };
      app.realtime.emitToUser(o.userId, CLOSED_MICROORDER_EVENT, event);
    }
  });
  app.addHook('onClose', async () => unsubscribe());
}
