import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { spotOrders } from '../../db/schema/index';
import { systemBalance } from '../../ledger/index';

/** The maker's resting orders (rebuilt into the book at start), by pair. */
export async function restingMakerOrders(db: Db): Promise<{ id: number; pairId: number }[]> {
  return db
    .select({ id: spotOrders.id, pairId: spotOrders.pairId })
    .from(spotOrders)
    .where(and(isNull(spotOrders.userId), inArray(spotOrders.status, ['open', 'partial'])));
}

/** The maker's balance of one currency: available and held. */
export async function makerBalance(db: Db, currencyId: number): Promise<{ available: string; held: string }> {
  const b = await systemBalance(db, 'maker', currencyId);
  return { available: String(b.available), held: String(b.held) };
}
