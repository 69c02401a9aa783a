/**
 * Whether futures positions are copies still following their trader: the follower may not close
 * them or set their stops until `/follow/selfHolding` makes them their own. The composition root
 * hands `heldCopies` to the futures routes.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { copyTrades } from '../../db/schema/index';
import type { Tx } from '../../ledger/index';

/** Ids among `positionIds` that are copies following their trader. */
export async function heldCopies(db: Db | Tx, positionIds: number[]): Promise<Set<number>> {
  if (positionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: copyTrades.positionId })
    .from(copyTrades)
    .where(and(inArray(copyTrades.positionId, positionIds), eq(copyTrades.state, 'copied')));
  return new Set(rows.map((r) => r.id!));
}

export async function isHeldCopy(db: Db | Tx, positionId: number): Promise<boolean> {
  return (await heldCopies(db, [positionId])).has(positionId);
}
