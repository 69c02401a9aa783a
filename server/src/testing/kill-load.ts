// The scenario of the `kill -9` tests: clients load the real server over HTTP, the server is
// killed mid-load, started again on what it left and stopped cleanly, and the test then checks
// the stored data against what the clients saw acknowledged. Each feature brings its load and
// its checks; the steps around them live here.
import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { it } from 'vitest';
import type { Database } from '../db/client';
import { exited, onPgliteFolder, onScratchPostgres, openAfterKill, startServer, type Started } from './kill-support';

/** How long a load runs before the kill, unless the scenario waits for more. */
export const LOAD_MS = 3000;

export type Row = Record<string, unknown>;

export const rowsOf = async (database: Database, query: SQL): Promise<Row[]> =>
  ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

/** A form POST as the PWA sends a money move (English, a fresh Idempotency-Key); the reply's JSON. */
export async function postForm<M = { id: number; status: string }>(
  server: Started,
  token: string,
  path: string,
  body: Record<string, string>,
): Promise<{ type: string; message: M }> {
  const res = await fetch(`${server.app}/api${path}`, {
    method: 'POST',
    headers: {
      authorization: token,
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': randomUUID(),
    },
    body: new URLSearchParams({ lang: 'en', ...body }).toString(),
  });
  return (await res.json()) as { type: string; message: M };
}

export interface Load {
  stop(): Promise<void>;
}

/**
 * `count` clients, each as one of the server's users, running `client` until `stop()`. A request
 * the kill cuts off ends its client: it is unacknowledged, which is what these tests are about.
 * A client that fails while the server still runs is a test failure, which `stop()` reports.
 */
export function runClients(
  server: Started,
  count: number,
  client: (user: Started['users'][number], index: number, running: () => boolean) => Promise<void>,
): Load {
  let running = true;
  const failures: unknown[] = [];
  // `killed` is set as the signal is sent, before any request it cuts off can fail.
  const serverAlive = () => !server.child.killed && server.child.exitCode === null;
  const clients = Promise.all(
    Array.from({ length: count }, async (_, index) => {
      try {
        await client(server.users[index % server.users.length]!, index, () => running);
      } catch (err) {
        // Cut off by the kill is expected; anything else is not.
        if (serverAlive()) failures.push(err);
      }
    }),
  );
  return {
    async stop() {
      running = false;
      await clients;
      if (failures.length > 0) throw new Error('a client failed while the server ran', { cause: failures[0] });
    },
  };
}

export interface KillScenario<L extends Load> {
  /** Funded users the first server makes. */
  users: number;
  /** Starts the clients on the first server. */
  load(server: Started): Promise<L> | L;
  /** Resolves when the load has done enough to kill it (default: `LOAD_MS`). */
  loaded?(load: L): Promise<void>;
  /** Checks the stored data against what `load` saw acknowledged. */
  verify(database: Database, load: L): Promise<void>;
}

/** Loads the server on `target`, kills it, restarts and stops it, then runs the scenario's checks. */
export async function killDuringLoad<L extends Load>(target: string, scenario: KillScenario<L>): Promise<void> {
  const first = await startServer(target, scenario.users);
  const load = await scenario.load(first);
  await (scenario.loaded ? scenario.loaded(load) : new Promise((r) => setTimeout(r, LOAD_MS)));
  first.child.kill('SIGKILL');
  await exited(first.child);
  await load.stop();

  // The real server starts again on what the killed one left, and stops cleanly.
  const again = await startServer(target, 0);
  again.child.kill('SIGTERM');
  await exited(again.child);

  const database = await openAfterKill(target);
  try {
    await scenario.verify(database, load);
  } finally {
    await database.close();
  }
}

/** `test` on a PGlite data folder, and on a scratch PostgreSQL database when DATABASE_URL is set. */
export function onBothDatabases(name: string, test: (target: string) => Promise<unknown>, timeoutMs: number): void {
  it(`${name} on PGlite`, () => onPgliteFolder(test), timeoutMs);
  const adminUrl = process.env.DATABASE_URL;
  it.runIf(adminUrl)(`${name} on PostgreSQL`, () => onScratchPostgres(adminUrl!, test), timeoutMs);
}
