import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { type Database } from '../db/client';
import { openPostgres } from '../db/postgres';
import { coupons } from '../db/schema/index';
import { checkInvariants } from '../ledger/index';
import { openPgliteFromTemplate } from '../testing/template';
import { killDuringLoad, LOAD_MS, onBothDatabases, postForm, rowsOf, runClients } from '../testing/kill-load';
import type { Started } from '../testing/kill-support';

/**
 * `kill -9` of the real server while clients claim coupons and open futures positions that use
 * them, then a restart: every acknowledged claim is stored, no coupon is claimed beyond its stock
 * or a user's limit, every used coupon has exactly its one discount posting and its position, and
 * the ledger's invariants hold. On PGlite (a data folder) and on PostgreSQL when DATABASE_URL is set.
 */

const CLIENTS = 6;

/** The coupons exist before the server starts: a large one and one whose stock runs out. */
async function issue(target: string): Promise<void> {
  const database = target.startsWith('pglite:')
    ? await openPgliteFromTemplate(join(target.slice('pglite:'.length), 'pglite'))
    : openPostgres(target, () => undefined);
  try {
    await database.migrate();
    const now = new Date();
    const terms = { kind: 'futures_fee' as const, currencyId: 3, rate: '0.5', cap: '100', bonus: '0', minAmount: '0' };
    const expiresAt = now.getTime() + 86_400_000;
    await database.db.insert(coupons).values([
      { ...terms, total: 1_000_000, perUser: 1_000_000, expiresAt, createdAt: now, updatedAt: now },
      { ...terms, total: 20, perUser: 3, expiresAt, createdAt: now, updatedAt: now },
    ]);
  } finally {
    await database.close();
  }
}

async function load(server: Started) {
  const acked = new Set<number>();
  const clients = runClients(server, CLIENTS, async ({ token }, _index, running) => {
    for (let i = 0; running(); i++) {
      const claimed = await postForm(server, token, '/coupon/claim', { id: String(1 + (i % 2)) });
      if (claimed.type === 'ok') acked.add(claimed.message.id);
      const open = { currency_id: '1', legal_id: '3', share: '10', multiple: '10', status: '1' };
      await postForm(server, token, '/lever/submit', { ...open, type: i % 2 === 0 ? '1' : '2' });
    }
  });
  return { ...clients, acked };
}

/** At least ten acknowledged claims, then the usual load time. */
async function loaded({ acked }: Awaited<ReturnType<typeof load>>): Promise<void> {
  await expect.poll(() => acked.size, { timeout: 60_000, interval: 100 }).toBeGreaterThan(10);
  await new Promise((r) => setTimeout(r, LOAD_MS));
}

async function verify(database: Database, { acked }: Awaited<ReturnType<typeof load>>): Promise<void> {
  const stored = await rowsOf(
    database,
    sql`SELECT id FROM user_coupons WHERE id = ANY(${sql.param([...acked])}::int[])`,
  );
  expect(stored).toHaveLength(acked.size);
  // Stock and limits: the counter is the number of claims, within the total; each user within the limit.
  expect(
    await rowsOf(
      database,
      sql`SELECT c.id FROM coupons c LEFT JOIN (SELECT coupon_id, count(*)::int AS n FROM user_coupons GROUP BY coupon_id) u
        ON u.coupon_id = c.id WHERE c.claimed <> coalesce(u.n, 0) OR c.claimed > c.total`,
    ),
  ).toEqual([]);
  expect(
    await rowsOf(
      database,
      sql`SELECT u.coupon_id, u.user_id FROM user_coupons u JOIN coupons c ON c.id = u.coupon_id
        GROUP BY u.coupon_id, u.user_id, c.per_user HAVING count(*) > c.per_user`,
    ),
  ).toEqual([]);
  // Every use has its one posting and its position; no posting without a use.
  const uses = await rowsOf(
    database,
    sql`SELECT u.id FROM user_coupons u
      JOIN ledger_transactions t ON t.id = u.tx_id AND t.kind = 'coupon_discount'
      JOIN lever_positions p ON 'position:' || p.id = u.used_ref
      WHERE u.status = 'used' AND u.saved > 0`,
  );
  const [used] = await rowsOf(database, sql`SELECT count(*)::int AS n FROM user_coupons WHERE status = 'used'`);
  const [posted] = await rowsOf(
    database,
    sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'coupon_discount'`,
  );
  expect(uses.length).toBe(used!.n);
  expect(posted!.n).toBe(used!.n);
  expect(used!.n).toBeGreaterThan(0);
  expect((await checkInvariants(database.db)).problems).toEqual([]);
}

describe('coupon claims and uses killed during a load', () => {
  onBothDatabases(
    'keep stock, limits and the ledger consistent',
    async (target) => {
      await issue(target);
      await killDuringLoad(target, { users: CLIENTS, load, loaded, verify });
    },
    180_000,
  );
});
