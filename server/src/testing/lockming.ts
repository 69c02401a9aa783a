/**
 * Bulk set-up for lock mining's job tests and `bench:lockming`: a product with published rates and
 * many users each with one order in progress, its principal held in the change account exactly as
 * a deposit holds it (a `lock_deposit` hold), written through `LedgerBatch` in chunks.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lockOrders, type LockProductRow } from '../db/schema/index';
import { LedgerBatch, toUnits, type BatchHold } from '../ledger/batch';
import { inTransaction } from '../ledger/index';
import { systemAccount, userAccount } from '../ledger/types';
import { createProduct } from '../products/lockming/seed';
import { publishDays } from '../products/lockming/service';
import { lockSpan } from '../products/lockming/terms';

const USDT = 3;
const SEED_CHUNK = 5000;

/** A product of `days` days at 0.3 %-0.4 % with rates published for `[from, to]` (UTC day numbers). */
export async function benchProduct(db: Db, days: number, at: Date, from: number, to: number): Promise<LockProductRow> {
  return inTransaction(db, async (tx) => {
    const p = await createProduct(
      tx,
      { name: `bulk ${days} days`, minRate: '0.003', maxRate: '0.004', days, minAmount: '100', penaltyRate: '0.004' },
      at,
    );
    await publishDays(
      tx,
      [p],
      Array.from({ length: to - from + 1 }, (_, i) => from + i),
      at,
    );
    return p;
  });
}

/**
 * `n` new users, each with one order of `amount` USDT in `product` deposited at `at` (interest
 * days from the day after). Returns the order ids.
 */
export async function bulkLockOrders(
  db: Db,
  product: LockProductRow,
  n: number,
  amount: string,
  at: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (let done = 0; done < n; done += SEED_CHUNK) {
    const size = Math.min(SEED_CHUNK, n - done);
    const tag = randomBytes(4).toString('hex');
    const res = (await db.execute(sql`INSERT INTO users (account_number, password_hash, nickname, invitation_code,
        created_at, updated_at)
      SELECT 'l' || ${tag} || g, 'x', 'l' || g, 'L' || upper(${tag}) || g, now(), now()
      FROM generate_series(1, ${size}::int) g RETURNING id`)) as unknown as { rows: { id: number }[] };
    const users = res.rows.map((r) => Number(r.id));
    await inTransaction(db, async (tx) => {
      const batch = new LedgerBatch(at);
      const holds: BatchHold[] = [];
      for (const u of users) {
        const account = userAccount(u, USDT, 'change');
        batch.post({
          kind: 'deposit',
          userId: u,
          entries: [
            { account: systemAccount('external_deposits', USDT), bucket: 'available', amount: -toUnits(amount) },
            { account, bucket: 'available', amount: toUnits(amount) },
          ],
        });
        holds.push(batch.hold(account, toUnits(amount), { kind: 'lock_deposit', userId: u }));
      }
      await batch.write(tx);
      const span = lockSpan(at, product.days);
      // A statement's parameters are counted in 16 bits: 2,000 rows of 13 at a time.
      for (let from = 0; from < users.length; from += 2000) {
        const rows = await tx
          .insert(lockOrders)
          .values(
            users.slice(from, from + 2000).map((userId, i) => ({
              userId,
              productId: product.id,
              currencyId: product.currencyId,
              amount,
              days: product.days,
              minRate: product.minRate,
              maxRate: product.maxRate,
              penaltyRate: product.penaltyRate,
              holdId: holds[from + i]!.id,
              firstDay: span.firstDay,
              lastDay: span.lastDay,
              paidThroughDay: span.firstDay - 1,
              status: 'in_progress' as const,
              createdAt: at,
              endAt: span.endAt,
            })),
          )
          .returning({ id: lockOrders.id });
        ids.push(...rows.map((r) => r.id));
      }
    });
  }
  return ids;
}

/**
 * What the daily job left, per order of `ids`: how many `lock_interest` transactions pay each
 * (order, day), the most any pair got, and the orders whose paid-through day is not `through`.
 */
export async function interestRecord(db: Db, ids: number[], through: number) {
  const res = (await db.execute(sql`SELECT
      (SELECT count(*) FROM ledger_transactions t WHERE t.kind = 'lock_interest'
        AND (t.meta->>'orderId')::int = ANY(${sql.param(ids)}::int[])) AS payments,
      (SELECT coalesce(max(c), 0) FROM (SELECT count(*) AS c FROM ledger_transactions t WHERE t.kind = 'lock_interest'
        AND (t.meta->>'orderId')::int = ANY(${sql.param(ids)}::int[])
        GROUP BY t.meta->>'orderId', t.meta->>'day') x) AS most,
      (SELECT count(*) FROM lock_orders o WHERE o.id = ANY(${sql.param(ids)}::int[])
        AND o.paid_through_day <> ${through}::int) AS behind`)) as unknown as {
    rows: { payments: string; most: string; behind: string }[];
  };
  const row = res.rows[0]!;
  return { payments: Number(row.payments), most: Number(row.most), behind: Number(row.behind) };
}
