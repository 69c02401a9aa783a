import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { Database } from '../../db/client';
import { checkInvariants } from '../../ledger/index';
import { LOAD_MS, onBothDatabases, postForm, rowsOf, runClients, type Row } from '../../testing/kill-load';
import { exited, openAfterKill, startServer, type Started } from '../../testing/kill-support';
import { expectConsistentChain } from '../../testing/chain-after-kill';

/**
 * `kill -9` of the real server while clients bid over HTTP, then again while it processes the
 * ends of those auctions, then a restart: every acknowledged bid is stored, each bidder holds one
 * margin per auction, each auction ends once (one order, the losers' margins released, the
 * winner's held, one record in a chain that verifies) and the ledger's invariants hold. On PGlite
 * (a data folder) and on PostgreSQL when DATABASE_URL is set.
 */

const CLIENTS = 6;

interface Acked {
  userId: number;
  artworkId: number;
  price: string;
}

type BidReply = { min_bid?: string | null; current_price?: string | null };

/** Clients bid the least accepted amount (or a little more) on the running USDT auctions. */
function bidding(server: Started, artworks: number[]) {
  const acked: Acked[] = [];
  const clients = runClients(server, CLIENTS, async ({ id, token }, w, running) => {
    const artworkId = artworks[w % artworks.length]!;
    let next: string | null = null;
    while (running()) {
      if (next === null) {
        const d = (await (await fetch(`${server.app}/api/bind_box/getBoxDetail?id=${artworkId}`)).json()) as {
          message: { min_bid: string };
        };
        next = d.message.min_bid;
      }
      const price: string = String(Number(next) + (w % 3));
      const reply: { type: string; message: BidReply } = await postForm<BidReply>(
        server,
        token,
        '/bind_box/auctionNFT',
        { code: String(artworkId), price },
      );
      if (reply.type === 'ok') {
        acked.push({ userId: id, artworkId, price });
        next = reply.message.min_bid ?? null;
      } else next = null;
    }
  });
  return { ...clients, acked };
}

/** Held margins match open holds, one per bidder and sale, and the ledger balances. */
async function verifyHolds(database: Database): Promise<void> {
  const wrong = await rowsOf(
    database,
    sql`SELECT count(*) FILTER (WHERE (m.status = 'held') <> (h.status = 'held')) AS wrong FROM nft_margins m JOIN ledger_holds h ON h.id = m.hold_id`,
  );
  expect(Number(wrong[0]!.wrong)).toBe(0);
  const missing = await rowsOf(
    database,
    sql`SELECT count(*) AS n FROM (SELECT DISTINCT sale_id, user_id FROM nft_bids) b
        LEFT JOIN nft_margins m ON m.sale_id = b.sale_id AND m.user_id = b.user_id WHERE m.id IS NULL`,
  );
  expect(Number(missing[0]!.n)).toBe(0);
  expect((await checkInvariants(database.db)).problems).toEqual([]);
}

async function killDuringBidsAndEnds(target: string): Promise<void> {
  const first = await startServer(target, CLIENTS);
  const list = (await (await fetch(`${first.app}/api/bind_box/getBoxList?pay_type=2&limit=100`)).json()) as {
    message: { data: { id: number; currency_name: string; status: string }[] };
  };
  const auctions = list.message.data
    .filter((a) => a.currency_name === 'USDT' && a.status === 'started')
    .map((a) => a.id);
  expect(auctions.length).toBeGreaterThan(0);
  const traffic = bidding(first, auctions);
  await new Promise((r) => setTimeout(r, LOAD_MS));
  first.child.kill('SIGKILL');
  await exited(first.child);
  await traffic.stop();
  expect(traffic.acked.length).toBeGreaterThan(5);

  let database = await openAfterKill(target);
  let sales: Row[];
  try {
    const stored = await rowsOf(
      database,
      sql`SELECT b.user_id, s.artwork_id, b.price::text AS price FROM nft_bids b JOIN nft_sales s ON s.id = b.sale_id`,
    );
    const has = new Set(stored.map((r) => `${String(r.user_id)}:${String(r.artwork_id)}:${Number(r.price)}`));
    for (const a of traffic.acked)
      expect(has.has(`${a.userId}:${a.artworkId}:${Number(a.price)}`), JSON.stringify(a)).toBe(true);
    await verifyHolds(database);
    // Time passes: the auctions with bids are over (their ends moved into the past).
    sales = await rowsOf(
      database,
      sql`UPDATE nft_sales SET end_at = now() - interval '2 minutes' WHERE status = 'open' AND bid_count > 0 RETURNING id, top_bidder_id`,
    );
    expect(sales.length).toBeGreaterThan(0);
    // The next start sweeps at once instead of at the next minute (as after a longer downtime).
    await database.db.execute(sql`DELETE FROM scheduled_runs WHERE job = 'nft.sweep'`);
  } finally {
    await database.close();
  }

  // The restarted server sweeps the ends at once; it is killed while it may be doing so.
  const second = await startServer(target, 0);
  await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 200)));
  second.child.kill('SIGKILL');
  await exited(second.child);

  // Started again, it finishes whatever the killed one did not commit.
  const third = await startServer(target, 0);
  const winner = first.users.find((u) => u.id === Number(sales[0]!.top_bidder_id))!;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await postForm<{ data?: unknown[] }>(third, winner.token, '/bind_box/getNeedPayNFTOrder', {
      limit: '100',
    });
    const data = res.message.data ?? [];
    if (data.length > 0) break;
    if (Date.now() > deadline) throw new Error('the ends were not processed after the restart');
    await new Promise((r) => setTimeout(r, 250));
  }
  // Let the sweep finish every sale (one transaction), then stop cleanly.
  await new Promise((r) => setTimeout(r, 1500));
  third.child.kill('SIGTERM');
  await exited(third.child);

  database = await openAfterKill(target);
  try {
    for (const s of sales) {
      const orders = await rowsOf(
        database,
        sql`SELECT buyer_id, status FROM nft_orders WHERE sale_id = ${Number(s.id)}`,
      );
      expect(orders.map((o) => [Number(o.buyer_id), o.status])).toEqual([
        [Number(s.top_bidder_id), 'awaiting_payment'],
      ]);
      const margins = await rowsOf(
        database,
        sql`SELECT user_id, status FROM nft_margins WHERE sale_id = ${Number(s.id)}`,
      );
      for (const m of margins) {
        expect(m.status).toBe(Number(m.user_id) === Number(s.top_bidder_id) ? 'held' : 'released');
      }
    }
    await verifyHolds(database);
    // Killed during the ends or not, the chain verifies and each end is recorded once.
    await expectConsistentChain(database);
    const ends = await rowsOf(
      database,
      sql`SELECT ref, count(*) AS n FROM settlement_records WHERE kind = 'nft_auction'
        AND ref = ANY(${sql.param(sales.map((s) => `nft_auction:${Number(s.id)}`))}::text[]) GROUP BY ref`,
    );
    expect(ends.map((e) => Number(e.n))).toEqual(sales.map(() => 1));
  } finally {
    await database.close();
  }
}

describe('NFT auctions killed during bids and during end processing', () => {
  onBothDatabases('loses nothing acknowledged and ends each auction once', killDuringBidsAndEnds, 240_000);
});
