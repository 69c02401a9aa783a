import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Test check of the escrow (`escrow.ts`): per currency and shard, the `micro_escrow` balance must
 * equal the open stakes of the orders accepted into it (holding, no hold, users of that shard).
 * Returns the shards that differ, as "currency/shard: escrow x, open stakes y"; empty when all agree.
 */
export async function escrowMismatches(db: Db): Promise<string[]> {
  const res = (await db.execute(sql`
    WITH escrow AS (
      SELECT currency_id, shard, available FROM ledger_accounts WHERE owner = 's:micro_escrow'),
    open AS (
      SELECT currency_id, (user_id % 16) AS shard, sum(stake) AS stakes FROM micro_orders
      WHERE status = 'holding' AND hold_id IS NULL GROUP BY 1, 2)
    SELECT coalesce(e.currency_id, o.currency_id) AS currency_id, coalesce(e.shard, o.shard) AS shard,
      coalesce(e.available, 0) AS escrow, coalesce(o.stakes, 0) AS stakes
    FROM escrow e FULL JOIN open o ON o.currency_id = e.currency_id AND o.shard = e.shard
    WHERE coalesce(e.available, 0) <> coalesce(o.stakes, 0)
    ORDER BY 1, 2`)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows.map(
    (r) => `${String(r.currency_id)}/${String(r.shard)}: escrow ${String(r.escrow)}, open stakes ${String(r.stakes)}`,
  );
}
