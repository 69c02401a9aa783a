import type { ParsedRequestOf } from '@contract/define';
import type { adminDualSave } from '@contract/invest';
import type { DualProductRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { fromUnits, toUnits } from '../../ledger/batch';
import type { Tx } from '../../ledger/index';
import { audit } from '../../audit/index';
import { insertProduct, lockProduct, updateProduct } from './repo';
import { DUAL_COINS, maturityOf, pairOfCoin, wholeSecond } from './terms';

type SaveInput = ParsedRequestOf<typeof adminDualSave>;

/** The admin's view of a product: what users see plus whether it is enabled and how much is sold. */
export const withAdminFields = <T>(view: T, row: DualProductRow) => ({
  ...view,
  enabled: row.enabled,
  sold_shares: row.soldShares,
});

/**
 * Creates or updates a product with its audit row, in one transaction. Orders keep the terms they
 * were bought at, so an edit only concerns later buyers; total shares cannot go below what is sold.
 */
export async function saveProduct(tx: Tx, input: SaveInput, adminId: number, now: Date): Promise<DualProductRow> {
  if (!DUAL_COINS.includes(input.currency_id)) {
    throw new AppError('dual_currency_unsupported', { field: 'currency_id' });
  }
  if (toUnits(input.apr) > toUnits('10')) throw new AppError('field_invalid', { field: 'apr' });
  const saleEndsAt = wholeSecond(input.sale_ends_at);
  const values = {
    currencyId: input.currency_id,
    pairId: pairOfCoin(input.currency_id).id,
    pricePerShare: fromUnits(toUnits(input.price_per_share)),
    apr: fromUnits(toUnits(input.apr)),
    linkedPrice: fromUnits(toUnits(input.linked_price)),
    holdingDays: input.holding_days,
    saleEndsAt,
    maturityAt: maturityOf(saleEndsAt, input.holding_days),
    totalShares: input.total_shares,
    enabled: input.enabled,
    updatedAt: now,
  };
  if (input.id === undefined) {
    const row = await insertProduct(tx, { ...values, type: 'call', seedKey: null, createdAt: now });
    if (!row) throw new Error('dual product not written');
    await audit(tx, {
      adminId,
      action: 'dual_product.create',
      entity: 'dual_product',
      entityId: row.id,
      before: null,
      after: row,
      at: now,
    });
    return row;
  }
  const before = await lockProduct(tx, input.id);
  if (!before) throw new AppError('dual_product_not_found', { field: 'id' });
  if (input.total_shares < before.soldShares) {
    throw new AppError('dual_total_below_sold', { field: 'total_shares', values: { sold: before.soldShares } });
  }
  const after = await updateProduct(tx, input.id, values);
  await audit(tx, {
    adminId,
    action: 'dual_product.update',
    entity: 'dual_product',
    entityId: after.id,
    before,
    after,
    at: now,
  });
  return after;
}
