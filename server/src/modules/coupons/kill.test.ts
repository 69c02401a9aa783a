import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database } from '../../db/client';
import { openPostgres } from '../../db/postgres';
import { coupons } from '../../db/schema/index';
import { checkInvariants } from '../../ledger/index';
import { openPgliteFromTemplate } from '../../testing/template';
import {
  exited,
  onPgliteFolder,
  onScratchPostgres,
  openAfterKill,
  startServer,
  type Started,
} from '../../trading/kill-support';

/**
 * `kill -9` of the real server while clients claim coupons and open futures positions that use
 * them, then a restart: every acknowledged claim is stored, no coupon is claimed beyond its stock
 * or a user's limit, every used coupon has exactly its one discount posting and its position, and
 * the ledger's invariants hold. On PGlite (a data folder) and on PostgreSQL when DATABASE_URL is set.
 */

const LOAD_MS = 3000;
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

function load(server: Started) {
  let running = true;
  const acked = new Set<number>();
  const call = async (token: string, path: string, body: Record<string, string>) => {
    const res = await fetch(`${server.app}/api${path}`, {
      method: 'POST',
      headers: {
        authorization: token,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': randomUUID(),
      },
      body: new URLSearchParams({ lang: 'en', ...body }).toString(),
    });
    return (await res.json()) as { type: string; message: { id: number } };
  };
  const client = async (w: number) => {
    const { token } = server.users[w % server.users.length]!;
    try {
      for (let i = 0; running; i++) {
        const claimed = await call(token, '/coupon/claim', { id: String(1 + (i % 2)) });
        if (claimed.type === 'ok') acked.add(claimed.message.id);
        const open = { currency_id: '1', legal_id: '3', share: '10', multiple: '10', status: '1' };
        await call(token, '/lever/submit', { ...open, type: i % 2 === 0 ? '1' : '2' });
      }
    } catch {
      // The server was killed: this request is unacknowledged, which is what the test is about.
    }
  };
  const workers = Promise.all(Array.from({ length: CLIENTS }, (_, w) => client(w)));
  return {
    acked,
    async stop() {
      running = false;
      await workers;
    },
  };
}

type Row = Record<string, unknown>;
const rows = async (database: Database, q: ReturnType<typeof sql>) =>
  ((await database.db.execute(q)) as unknown as { rows: Row[] }).rows;

async function verify(database: Database, acked: Set<number>): Promise<void> {
  const stored = await rows(database, sql`SELECT id FROM user_coupons WHERE id = ANY(${sql.param([...acked])}::int[])`);
  expect(stored).toHaveLength(acked.size);
  // Stock and limits: the counter is the number of claims, within the total; each user within the limit.
  expect(
    await rows(
      database,
      sql`SELECT c.id FROM coupons c LEFT JOIN (SELECT coupon_id, count(*)::int AS n FROM user_coupons GROUP BY coupon_id) u
        ON u.coupon_id = c.id WHERE c.claimed <> coalesce(u.n, 0) OR c.claimed > c.total`,
    ),
  ).toEqual([]);
  expect(
    await rows(
      database,
      sql`SELECT u.coupon_id, u.user_id FROM user_coupons u JOIN coupons c ON c.id = u.coupon_id
        GROUP BY u.coupon_id, u.user_id, c.per_user HAVING count(*) > c.per_user`,
    ),
  ).toEqual([]);
  // Every use has its one posting and its position; no posting without a use.
  const uses = await rows(
    database,
    sql`SELECT u.id FROM user_coupons u
      JOIN ledger_transactions t ON t.id = u.tx_id AND t.kind = 'coupon_discount'
      JOIN lever_positions p ON 'position:' || p.id = u.used_ref
      WHERE u.status = 'used' AND u.saved > 0`,
  );
  const [used] = await rows(database, sql`SELECT count(*)::int AS n FROM user_coupons WHERE status = 'used'`);
  const [posted] = await rows(
    database,
    sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'coupon_discount'`,
  );
  expect(uses.length).toBe(used!.n);
  expect(posted!.n).toBe(used!.n);
  expect(used!.n).toBeGreaterThan(0);
  expect((await checkInvariants(database.db)).problems).toEqual([]);
}

async function killDuringUses(target: string): Promise<void> {
  await issue(target);
  const first = await startServer(target, CLIENTS);
  const traffic = load(first);
  await expect.poll(() => traffic.acked.size, { timeout: 60_000, interval: 100 }).toBeGreaterThan(10);
  await new Promise((r) => setTimeout(r, LOAD_MS));
  first.child.kill('SIGKILL');
  await exited(first.child);
  await traffic.stop();

  // The real server starts again on what the killed one left, and stops cleanly.
  const again = await startServer(target, 0);
  again.child.kill('SIGTERM');
  await exited(again.child);

  const database = await openAfterKill(target);
  try {
    await verify(database, traffic.acked);
  } finally {
    await database.close();
  }
}

describe('coupon claims and uses killed during a load', () => {
  it('keep stock, limits and the ledger consistent on PGlite', () => onPgliteFolder(killDuringUses), 180_000);

  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(
    'keep stock, limits and the ledger consistent on PostgreSQL',
    () => onScratchPostgres(adminUrl!, killDuringUses),
    180_000,
  );
});
