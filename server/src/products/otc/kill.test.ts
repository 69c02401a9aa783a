import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../../db/client';
import { checkInvariants } from '../../ledger/index';
import { killDuringLoad, LOAD_MS, onBothDatabases, postForm, rowsOf, runClients } from '../../testing/kill-load';
import type { Started } from '../../testing/kill-support';
import { escrowMismatches } from './repo';

/**
 * `kill -9` of the real server while takers open, pay and cancel orders and the merchant
 * releases, then a restart: every acknowledged move is stored, every open order still has its
 * escrow and no finished one does, the ad's quantity adds up, and the ledger's invariants hold.
 */

// The server process makes the first user a merchant with a sell ad (testing/otc-market.ts).
process.env.OTC = '1';
const CLIENTS = 6;

type Status = 'unpaid' | 'paid' | 'appeal' | 'completed' | 'cancelled';

async function load(server: Started) {
  const ads = (await (await fetch(`${server.app}/api/otc/ads?side=buy&coin=USDT&fiat=USD&limit=20`)).json()) as {
    message: { data: { id: number; merchant: { user_id: number } }[] };
  };
  // The first user's ad: in demo mode the demo merchant's ads are listed too, and only the ad's
  // merchant (client 0) can release.
  const adId = String(ads.message.data.find((a) => a.merchant.user_id === server.users[0]!.id)!.id);
  const acked = new Map<number, Status>();
  const paid: number[] = [];
  const clients = runClients(server, CLIENTS, async ({ token }, index, running) => {
    const post = (path: string, body: Record<string, string>) =>
      postForm<{ id: number; status: Status }>(server, token, path, body);
    for (let i = 0; running(); i++) {
      let reply;
      if (index === 0) {
        const id = paid.shift();
        if (id === undefined) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        reply = await post('/otc/order/release', { id: String(id) });
      } else {
        reply = await post('/otc/order/open', { ad_id: adId, quantity: '10', method: 'bank' });
        if (reply.type === 'ok') {
          acked.set(reply.message.id, reply.message.status);
          const id = String(reply.message.id);
          reply = i % 2 === 0 ? await post('/otc/order/paid', { id }) : await post('/otc/order/cancel', { id });
          if (reply.type === 'ok' && reply.message.status === 'paid') paid.push(reply.message.id);
        }
      }
      if (reply.type === 'ok') acked.set(reply.message.id, reply.message.status);
    }
  });
  return { ...clients, acked };
}

/**
 * More than five acknowledged orders, one of them released, then the usual load time: a loaded
 * machine acknowledges fewer per second, so a fixed time alone can end before the load did anything.
 */
async function loaded({ acked }: Awaited<ReturnType<typeof load>>): Promise<void> {
  await expect
    .poll(() => acked.size > 5 && [...acked.values()].includes('completed'), { timeout: 60_000, interval: 100 })
    .toBe(true);
  await new Promise((r) => setTimeout(r, LOAD_MS));
}

async function verify(database: Database, { acked }: Awaited<ReturnType<typeof load>>): Promise<void> {
  expect(acked.size).toBeGreaterThan(5);
  expect([...acked.values()]).toContain('completed');
  const stored = new Map(
    (
      await rowsOf(
        database,
        sql`SELECT id, status FROM otc_orders WHERE id = ANY(${sql.param([...acked.keys()])}::int[])`,
      )
    ).map((r) => [Number(r.id), String(r.status)]),
  );
  const later: Record<Status, Status[]> = {
    unpaid: ['unpaid', 'paid', 'cancelled', 'completed'],
    paid: ['paid', 'completed'],
    appeal: ['appeal'],
    completed: ['completed'],
    cancelled: ['cancelled'],
  };
  for (const [id, status] of acked) expect(later[status], `order ${id}`).toContain(stored.get(id));
  expect(await escrowMismatches(database.db)).toBe(0);
  const sums = await rowsOf(
    database,
    sql`SELECT a.total - a.remaining - coalesce((SELECT sum(o.quantity) FROM otc_orders o
          WHERE o.ad_id = a.id AND o.status <> 'cancelled'), 0) AS gap FROM otc_ads a`,
  );
  for (const r of sums) expect(Number(r.gap)).toBe(0);
  expect((await checkInvariants(database.db)).problems).toEqual([]);
}

describe('otc killed during a load', () => {
  onBothDatabases(
    'loses nothing acknowledged',
    (target) => killDuringLoad(target, { users: CLIENTS, load, loaded, verify }),
    180_000,
  );
});
