import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/invest';
import { DUAL_OFFERED_TYPES, DUAL_PRICE_MAX_AGE_MS } from '@contract/invest';
import { inTransaction } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { marketPrices } from '../../market/prices';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { idempotent } from '../../plugins/idempotent';
import { saveProduct, withAdminFields } from './admin';
import { allProducts, oldestUnsettledMaturity, productsOnSale, userOrders } from './repo';
import { ensureDemoProducts } from './seed';
import { buy, offeredProduct, orderView, productView } from './service';
import { settleDue } from './settle';
import { DUAL_COINS, nameOfCurrency } from './terms';

export async function dualRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const nowMs = () => ctx.now().getTime();
  // Maturities not yet settled keep their recorded prices, also across a long downtime.
  ctx.priceRecord.keepPricesFor(async () => {
    const maturity = await oldestUnsettledMaturity(ctx.db);
    return maturity === null ? null : maturity - DUAL_PRICE_MAX_AGE_MS;
  });

  bindEndpoint(app, contract.dualIndex, async (input, h) => {
    const now = nowMs();
    const rows = DUAL_OFFERED_TYPES.includes(input.type)
      ? await productsOnSale(h.ctx.db, { type: input.type, currencyId: input.currency_id, now })
      : [];
    return {
      currencies: DUAL_COINS.map((id) => ({ currency_id: id, currency_name: nameOfCurrency(id) })),
      products: rows.map((r) => productView(r, now)),
    };
  });

  bindEndpoint(app, contract.dualDetail, async (input, h) =>
    productView(await offeredProduct(h.ctx.db, input.id), nowMs()),
  );

  bindEndpoint(app, contract.buyDual, async (input, h) => {
    const userId = signedIn(h).user.id;
    const runOnce = idempotent(h);
    return runOnce(input, (tx, now) => buy(tx, { userId, productId: input.id, shares: input.num, now }));
  });

  bindEndpoint(app, contract.dualList, async (input, h) => {
    const now = nowMs();
    const { rows, total } = await userOrders(h.ctx.db, signedIn(h).user.id, { ...input, now });
    return paged(
      rows.map((r) => orderView(r, now)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.adminDualProducts, async (input, h) => {
    const now = nowMs();
    const { rows, total } = await allProducts(h.ctx.db, input);
    return paged(
      rows.map((r) => withAdminFields(productView(r, now), r)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.adminDualSave, async (input, h) => {
    const admin = signedIn(h).user;
    const now = ctx.now();
    const row = await inTransaction(h.ctx.db, (tx) => saveProduct(tx, input, admin.id, now));
    return withAdminFields(productView(row, now.getTime()), row);
  });

  // Everything matured by the minute's end, once: a second run finds the orders settled.
  ctx.scheduler.register({
    name: 'dual.settle',
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
      name: 'dual.demo_products',
      every: 'minute',
      catchUp: 'latest',
      run: async (tx) => {
        await ensureDemoProducts(tx, ctx.now(), prices);
      },
    });
  }
}
