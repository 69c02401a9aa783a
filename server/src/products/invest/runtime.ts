import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/invest';
import { DUAL_PRICE_MAX_AGE_MS } from '@contract/invest';
import { inTransaction } from '../../ledger/index';
import { marketPrices } from '../../market/prices';
import { oldestUnsettledMaturity } from './repo';
import { ensureDemoProducts } from './seed';
import { settleDue } from './settle';

/** The scheduler's jobs of dual investment; the demo products' only in demo mode. */
export const DUAL_SETTLE_JOB = 'dual.settle';
export const DUAL_DEMO_PRODUCTS_JOB = 'dual.demo_products';

/**
 * Dual investment's settlement each minute, the recorded prices its maturities need, and demo
 * mode's daily products. Started by the composition root (server/src/wiring.ts).
 */
export function startInvest(app: FastifyInstance): void {
  const { ctx } = app;
  const nowMs = () => ctx.now().getTime();
  // Maturities not yet settled keep their recorded prices, also across a long downtime.
  ctx.priceRecord.keepPricesFor(async () => {
    const maturity = await oldestUnsettledMaturity(ctx.db);
    return maturity === null ? null : maturity - DUAL_PRICE_MAX_AGE_MS;
  });

  // Everything matured by the minute's end, once: a second run finds the orders settled.
  ctx.scheduler.register({
    name: DUAL_SETTLE_JOB,
    every: 'minute',
    catchUp: 'latest',
    run: async (tx, period) => {
      await settleDue(tx, {
        until: period.end.getTime(),
        now: ctx.now(),
        recordedThrough: (pairId) => ctx.priceRecord.history.recordedThrough(pairId),
      });
    },
  });

  if (ctx.config.mode === 'demo') {
    const prices = marketPrices(ctx.market, nowMs);
    // Today's products as soon as the feed has a price (and each new UTC day).
    // And at once when the record first has prices after a start (not a minute later).
    let madeFor = -1;
    let making: Promise<void> | null = null;
    const unfollow = ctx.priceRecord.history.onRecorded(() => {
      const day = Math.floor(nowMs() / contract.DAY_MS);
      if (making || madeFor === day) return;
      making = inTransaction(ctx.db, (tx) => ensureDemoProducts(tx, ctx.now(), prices))
        .then((missing) => {
          if (missing === 0) madeFor = day;
        })
        .catch((err: unknown) => app.log.error({ err }, 'dual invest demo products'))
        .finally(() => (making = null));
    });
    app.addHook('preClose', async () => {
      unfollow();
      await making;
    });
    ctx.scheduler.register({
      name: DUAL_DEMO_PRODUCTS_JOB,
      every: 'minute',
      catchUp: 'latest',
      run: async (tx) => {
        await ensureDemoProducts(tx, ctx.now(), prices);
      },
    });
  }
}
