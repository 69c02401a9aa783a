import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/databases';
import { readTogether } from './reads';

type Queue = { activeQuery?: unknown; _queryQueue: unknown[] };

/** The most queries one node-postgres connection held at once (running and queued) while `run` ran. */
async function mostInFlight(run: () => Promise<unknown>): Promise<number> {
  let most = 0;
  const { query } = pg.Client.prototype;
  pg.Client.prototype.query = function (this: pg.Client & Queue, ...args: unknown[]) {
    most = Math.max(most, 1 + this._queryQueue.length + (this.activeQuery ? 1 : 0));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return most;
}

for (const target of testDatabases()) {
  describe(`readTogether on ${target.name}`, () => {
    const reads = (db: Parameters<typeof readTogether>[0]) =>
      readTogether(db, [
        db.execute(sql`SELECT 1 AS n`),
        Promise.resolve('as given'),
        db.execute(sql`SELECT 3 AS n`),
      ] as const);

    it('answers in the order of the queries, on the pool and in a transaction', async () => {
      const database = await target.open();
      try {
        const check = ([one, given, three]: Awaited<ReturnType<typeof reads>>) => {
          expect((one as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
          expect(given).toBe('as given');
          expect((three as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(3);
        };
        check(await reads(database.db));
        check(await database.db.transaction((tx) => reads(tx)));
      } finally {
        await database.close();
      }
    });

    // Only node-postgres queues concurrent queries on a connection; PGlite runs one at a time itself.
    if (target.name === 'postgres') {
      it("sends a transaction's reads one at a time (Promise.all would queue them on its connection)", async () => {
        const database = await target.open();
        try {
          const twoQueries = (tx: Parameters<typeof readTogether>[0]) =>
            [tx.execute(sql`SELECT pg_sleep(0.02)`), tx.execute(sql`SELECT pg_sleep(0.02)`)] as const;
          expect(await mostInFlight(() => database.db.transaction((tx) => readTogether(tx, twoQueries(tx))))).toBe(1);
          // The same reads with Promise.all: the check above would have seen it.
          expect(await mostInFlight(() => database.db.transaction((tx) => Promise.all(twoQueries(tx))))).toBe(2);
        } finally {
          await database.close();
        }
      });
    }
  });
}
