import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/lockming';
import { AppError } from '../../errors';
import { inTransaction, toWire } from '../../ledger/index';
import { paged } from '../../lib/paging';
import { bindEndpoint, signedIn } from '../../plugins/contract';
import { idempotent } from '../../plugins/idempotent';
import { audit } from '../../audit/index';
import { product, productForUpdate, products, ratesBetween, updateProduct, userOrders } from './repo';
import { createProduct } from './seed';
import type { Locale } from '@contract/domain/locales';
import { deposit, orderView, productName, productView, redeemEarly } from './service';
import { dayOf } from './terms';

export async function lockmingRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  /** Products with today's and tomorrow's published rates. */
  const withRates = async (onlyOpen: boolean, lang: Locale) => {
    const now = ctx.now();
    const rows = await products(ctx.db, onlyOpen);
    const rates = await ratesBetween(
      ctx.db,
      rows.map((p) => p.id),
      dayOf(now),
      dayOf(now) + 1,
    );
    return rows.map((p) => productView(p, rates, now, lang));
  };
  const names = async (lang: Locale) =>
    new Map((await products(ctx.db, false)).map((p) => [p.id, productName(p, lang)]));

  bindEndpoint(app, contract.lockConfig, (_input, h) => withRates(true, h.lang));

  bindEndpoint(app, contract.lockOrders, async (input, h) => {
    const { rows, total } = await userOrders(h.ctx.db, signedIn(h).user.id, input.status, input);
    const name = await names(h.lang);
    const now = ctx.now();
    return paged(
      rows.map((r) => orderView(r, name.get(r.productId) ?? '', now)),
      total,
      input,
    );
  });

  bindEndpoint(app, contract.lockDeposit, async (input, h) => {
    const userId = signedIn(h).user.id;
    const runOnce = idempotent(h);
    return runOnce(input, async (tx, now) => {
      const { order, product: p } = await deposit(tx, {
        userId,
        productId: input.config_id,
        amount: input.amount,
        now,
      });
      return orderView(order, productName(p, h.lang), now);
    });
  });

  bindEndpoint(app, contract.lockCancel, async (input, h) => {
    const userId = signedIn(h).user.id;
    const runOnce = idempotent(h);
    const name = await names(h.lang);
    return runOnce(input, async (tx, now) => {
      const order = await redeemEarly(tx, { userId, id: input.id, now });
      return orderView(order, name.get(order.productId) ?? '', now);
    });
  });

  // The console edits the English name, the one every language falls back to.
  bindEndpoint(app, contract.adminLockProducts, () => withRates(false, 'en'));

  bindEndpoint(app, contract.adminLockSave, async (input, h) => {
    const admin = signedIn(h).user;
    const now = ctx.now();
    const values = {
      name: input.name,
      minRate: toWire(input.min_rate),
      maxRate: toWire(input.max_rate),
      days: input.days,
      minAmount: toWire(input.min_amount),
      penaltyRate: toWire(input.penalty_rate),
      status: input.status,
    };
    const saved = await inTransaction(ctx.db, async (tx) => {
      const before = input.id === undefined ? null : await productForUpdate(tx, input.id);
      if (input.id !== undefined && !before) throw new AppError('record_not_found', { field: 'id' });
      const after = before
        ? await updateProduct(tx, before.id, {
            ...values,
            // A renamed product drops the translations of its old name rather than show them.
            ...(before.name === values.name ? {} : { texts: {} }),
            updatedAt: now,
          })
        : await createProduct(tx, values, now);
      await audit(tx, {
        adminId: admin.id,
        action: before ? 'lock_product.update' : 'lock_product.create',
        entity: 'lock_product',
        entityId: after.id,
        before,
        after,
        at: now,
      });
      return after;
    });
    const rates = await ratesBetween(ctx.db, [saved.id], dayOf(now), dayOf(now) + 1);
    return productView((await product(ctx.db, saved.id)) ?? saved, rates, now, 'en');
  });
}
