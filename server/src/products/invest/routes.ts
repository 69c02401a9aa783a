import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/invest';
import { DUAL_OFFERED_TYPES } from '@contract/invest';
import { inTransaction } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { idempotent } from '../../plugins/idempotent';
import { saveProduct, withAdminFields } from './admin';
import { allProducts, productsOnSale, userOrders } from './repo';
import { buy, offeredProduct, orderView, productView } from './service';
import { DUAL_COINS, nameOfCurrency } from './terms';

export async function dualRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const nowMs = () => ctx.now().getTime();

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
}
