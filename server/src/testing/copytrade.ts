/** Bulk set-up for copy-trading tests and the bench: many funded followers of one trader. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { follows } from '../db/schema/index';
import { LedgerBatch, toUnits } from '../ledger/batch';
import { systemAccount, userAccount } from '../ledger/types';

const USDT = 3;

/** Inserts `n` users with `usdt` in their lever account, each following `traderId` with fixed lots. */
export async function bulkFollowers(
  db: Db,
  traderId: number,
  n: number,
  usdt: string,
  at: Date,
  lots = 1,
): Promise<number[]> {
  const tag = randomBytes(4).toString('hex');
  const res =
    (await db.execute(sql`INSERT INTO users (account_number, password_hash, nickname, invitation_code, created_at, updated_at)
    SELECT ${tag} || g, 'x', 'f' || g, upper(${tag}) || g, now(), now() FROM generate_series(1, ${n}) g
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  const ids = res.rows.map((r) => Number(r.id));
  await db.transaction(async (tx) => {
    const batch = new LedgerBatch(at);
    for (const u of ids) {
      batch.post({
        kind: 'deposit',
        userId: u,
        entries: [
          { account: systemAccount('external_deposits', USDT), bucket: 'available', amount: -toUnits(usdt) },
          { account: userAccount(u, USDT, 'lever'), bucket: 'available', amount: toUnits(usdt) },
        ],
      });
    }
    await batch.write(tx);
    await tx.insert(follows).values(
      ids.map((followerId) => ({
        followerId,
        traderId,
        type: 2 as const,
        number: String(lots),
        maxAmount: null,
        state: 'following' as const,
        createdAt: at,
        updatedAt: at,
      })),
    );
  });
  return ids;
}
