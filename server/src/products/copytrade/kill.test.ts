import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { checkInvariants } from '../../ledger/index';
import { LOAD_MS, onBothDatabases, postForm, rowsOf } from '../../testing/kill-load';
import { exited, openAfterKill, startServer, type Started } from '../../testing/kill-support';
import { expectConsistentChain } from '../../testing/chain-after-kill';

/**
 * `kill -9` of the real server while a trader with five followers opens and closes futures
 * positions over HTTP, then a restart: every trader position open at the end has a copy record
 * (copied, or skipped `missed`) for each follow, no copy of a closed trader position is left
 * open, every open copy still has its margin hold, the ledger's invariants hold, and the settlement
 * record's chain verifies with each closed position, trader's or copy, recorded once. On PGlite (a
 * data folder) and on PostgreSQL when DATABASE_URL is set.
 */

const FOLLOWERS = 5;

const stop = async (server: Started) => {
  server.child.kill('SIGTERM');
  await exited(server.child);
};

async function killDuringCopies(target: string): Promise<void> {
  const first = await startServer(target, FOLLOWERS + 1);
  const [trader, ...followers] = first.users;
  expect((await postForm(first, trader!.token, '/follow/apply', {})).type).toBe('ok');
  await stop(first);
  // The review is the back office's; here the approval is written as it would write it.
  const setup = await openAfterKill(target);
  await setup.db.execute(sql`INSERT INTO follow_traders (user_id, approved_at) VALUES (${trader!.id}, now())`);
  await setup.close();

  const second = await startServer(target, 0);
  for (const f of followers) {
    const reply = await postForm(second, f.token, '/follow/follow', {
      trader_user_id: String(trader!.id),
      type: '2',
      number: '1',
    });
    expect(reply.type).toBe('ok');
  }
  let running = true;
  let acked = 0;
  const traffic = (async () => {
    const open: number[] = [];
    try {
      for (let i = 0; running; i++) {
        if (i % 3 === 2 && open.length > 0) {
          await postForm(second, trader!.token, '/lever/close', { id: String(open.shift()) });
          continue;
        }
        const reply = await postForm(second, trader!.token, '/lever/submit', {
          currency_id: '1',
          legal_id: '3',
          share: '10',
          multiple: '10',
          type: i % 2 === 0 ? '1' : '2',
          status: '1',
        });
        if (reply.type === 'ok') {
          acked += 1;
          open.push(reply.message.id);
        }
      }
    } catch (err) {
      // Cut off by the kill, the request is unacknowledged; failing while the server runs is a failure.
      if (!second.child.killed) throw err;
    }
  })();
  // At least LOAD_MS of traffic and more than 3 acknowledged opens (a loaded machine acknowledges
  // fewer per second), then the kill.
  const started = Date.now();
  let trafficEnded = false;
  void traffic.finally(() => (trafficEnded = true));
  while (!trafficEnded && (Date.now() - started < LOAD_MS || acked <= 3)) await new Promise((r) => setTimeout(r, 100));
  second.child.kill('SIGKILL');
  await exited(second.child);
  running = false;
  await traffic;
  expect(acked).toBeGreaterThan(3);

  // The restart recovers what the kill cut off, then stops cleanly.
  const third = await startServer(target, 0);
  await stop(third);

  const database = await openAfterKill(target);
  try {
    const uncopied = await rowsOf(
      database,
      sql`SELECT p.id FROM lever_positions p JOIN follows f ON f.trader_id = p.user_id
        WHERE p.user_id = ${trader!.id} AND p.status = 'open'
          AND NOT EXISTS (SELECT 1 FROM copy_trades c WHERE c.follow_id = f.id AND c.trader_position_id = p.id)`,
    );
    expect(uncopied).toEqual([]);
    const leftOpen = await rowsOf(
      database,
      sql`SELECT c.id FROM copy_trades c JOIN lever_positions p ON p.id = c.position_id
        JOIN lever_positions t ON t.id = c.trader_position_id
        WHERE c.state = 'copied' AND p.status = 'open' AND t.status = 'closed'`,
    );
    expect(leftOpen).toEqual([]);
    const copies = await rowsOf(database, sql`SELECT count(*) AS n FROM copy_trades WHERE state = 'copied'`);
    expect(Number(copies[0]!.n)).toBeGreaterThan(0);
    const lost = await rowsOf(
      database,
      sql`SELECT count(*) AS n FROM lever_positions p JOIN ledger_holds h ON h.id = p.margin_hold_id
        WHERE p.status = 'open' AND h.status <> 'held'`,
    );
    expect(Number(lost[0]!.n)).toBe(0);
    expect((await checkInvariants(database.db)).problems).toEqual([]);
    expect(await expectConsistentChain(database)).toBeGreaterThan(0);
  } finally {
    await database.close();
  }
}

describe('copy trading killed during a trader’s opens and closes', () => {
  onBothDatabases('loses no copy', killDuringCopies, 420_000);
});
