// Two real servers (`main.ts`, as `npm run server` starts it) on one PostgreSQL database: the
// second refuses to start and says who holds the engines, orders go through the one that runs, a
// `kill -9` frees the database for the next start, and a server whose lock connection is cut
// stops at once. Needs DATABASE_URL (PostgreSQL); the embedded database has its folder lock.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { checkInvariants } from '../ledger/index';
import { deposit, insertLedgerUser } from '../testing/ledger';
import { createSession } from '../sessions/sessions';
import { exited, onScratchPostgres } from '../testing/kill-support';
import { EngineLockedError, holdEngineLock } from './engine-lock';
import { openPostgres } from './postgres';
import { freePort } from '../testing/child-process';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const adminUrl = process.env.DATABASE_URL;

interface Server {
  child: ChildProcess;
  base: string;
  /** Everything it printed, stdout and stderr. */
  output(): string;
}

/** `main.ts` in a process of its own on `databaseUrl`, without the maker (nothing but the test trades). */
async function spawnServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_MODE: 'demo',
    LOG_LEVEL: 'warn',
    MAKER_ENABLED: 'false',
  };
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return { child, base: `http://127.0.0.1:${port}`, output: () => out };
}

type Health = { matching: string; lock: string; database: string; since: string };

const health = async (server: Server) =>
  ((await (await fetch(`${server.base}/api/health`)).json()) as { type: string; message: Health }).message;

/** Waits until the server answers its health endpoint; fails with its output if it exits first. */
async function running(server: Server): Promise<Server> {
  for (const started = Date.now(); Date.now() - started < 120_000;) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited (${server.child.exitCode}): ${server.output()}`);
    const up = await fetch(`${server.base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not start: ${server.output()}`);
}

/** The exit code, or a failure when the server still runs after `withinMs`. */
async function exitCode(server: Server, withinMs = 120_000): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the server still runs: ${server.output()}`)), withinMs);
  });
  try {
    await Promise.race([exited(server.child), late]);
  } finally {
    clearTimeout(timer);
  }
  return server.child.exitCode;
}

/** A spot limit order on BTC/USDT as the PWA sends it; the reply's envelope. */
async function order(server: Server, token: string, side: 'buy' | 'sell', price: string) {
  const res = await fetch(`${server.base}/api/coin/trade`, {
    method: 'POST',
    headers: {
      authorization: token,
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': randomUUID(),
    },
    body: new URLSearchParams({
      lang: 'en',
      currency_id: '1',
      legal_id: '3',
      side,
      type: 'limit',
      amount: '0.01',
      target_price: price,
    }).toString(),
  });
  return (await res.json()) as { type: string; message: { id: number; status: string; filled: string } };
}

/** A user with USDT and BTC to trade, and a session, written straight into the database. */
async function trader(databaseUrl: string): Promise<string> {
  const database = openPostgres(databaseUrl, () => undefined);
  try {
    const id = await insertLedgerUser(database.db);
    await deposit(database.db, id, 3, '100000', 'change');
    await deposit(database.db, id, 1, '10', 'change');
    const ctx = { db: database.db, now: () => new Date() } as Pick<AppContext, 'db' | 'now'> as AppContext;
    return await createSession(ctx, id, { ip: '127.0.0.1', userAgent: 'engine-lock test' });
  } finally {
    await database.close();
  }
}

/** Ends the engine lock's session of the server process `pid`, as a dropped connection would. */
async function cutLock(databaseUrl: string, pid: number): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE $1`,
      [`h5 engine pid ${pid} on %`],
    );
    return rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

async function ledgerProblems(databaseUrl: string): Promise<string[]> {
  const database = openPostgres(databaseUrl, () => undefined);
  try {
    return (await checkInvariants(database.db)).problems;
  } finally {
    await database.close();
  }
}

describe.runIf(adminUrl)('one server process per PostgreSQL database', () => {
  it('refuses a second lock on the same database, names the holder, and frees it with the session', () =>
    onScratchPostgres(adminUrl!, async (url) => {
      const lost: Error[] = [];
      const first = await holdEngineLock(url, (err) => lost.push(err));
      const refused = await holdEngineLock(url, () => undefined).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(EngineLockedError);
      expect((refused as EngineLockedError).holder?.application).toBe(
        `h5 engine pid ${process.pid} on ${hostname()}`.slice(0, 63),
      );
      expect(await first.check()).toBe(true);

      expect(await cutLock(url, process.pid)).toBe(1);
      await expect.poll(() => lost.length).toBe(1);
      expect(await first.check()).toBe(false);
      const next = await holdEngineLock(url, () => undefined);
      await next.release();
      expect(lost).toHaveLength(1);
    }));

  it('lets processes with roles hold it together and keeps an all-in-one server away from them', () =>
    onScratchPostgres(adminUrl!, async (url) => {
      const api = await holdEngineLock(url, () => undefined, 'shared');
      const worker = await holdEngineLock(url, () => undefined, 'shared');
      expect(await Promise.all([api.check(), worker.check()])).toEqual([true, true]);
      await expect(holdEngineLock(url, () => undefined)).rejects.toBeInstanceOf(EngineLockedError);
      await Promise.all([api.release(), worker.release()]);
      const single = await holdEngineLock(url, () => undefined);
      await expect(holdEngineLock(url, () => undefined, 'shared')).rejects.toBeInstanceOf(EngineLockedError);
      await single.release();
    }));

  it(
    'lets one of two servers run; a kill -9 frees the database; a cut lock stops the owner at once',
    () =>
      onScratchPostgres(adminUrl!, async (url) => {
        const dataDir = await mkdtemp(join(tmpdir(), 'h5-engine-lock-'));
        const servers: Server[] = [];
        const start = async () => {
          const server = await spawnServer(url, dataDir);
          servers.push(server);
          return server;
        };
        try {
          const first = await running(await start());
          expect(await health(first)).toMatchObject({ matching: 'owner', lock: 'advisory_lock', database: 'postgres' });

          const second = await start();
          expect(await exitCode(second)).toBe(1);
          expect(second.output()).toContain('server: not started. Another server process runs the trading engine');
          expect(second.output()).toContain(`h5 engine pid ${first.child.pid} on `);
          // It never listened.
          expect(
            await fetch(`${second.base}/api/health`).then(
              () => 'answered',
              () => 'refused',
            ),
          ).toBe('refused');

          const [buyer, seller] = [await trader(url), await trader(url)];
          const buy = await order(first, buyer, 'buy', '97000.00');
          expect(buy).toMatchObject({ type: 'ok', message: { status: 'open' } });

          first.child.kill('SIGKILL');
          await exited(first.child);
          const third = await running(await start());
          expect(await health(third)).toMatchObject({ matching: 'owner', lock: 'advisory_lock' });
          // One book: the sell meets the buy the killed server acknowledged, under an id of its own.
          const sell = await order(third, seller, 'sell', '97000.00');
          expect(sell).toMatchObject({ type: 'ok', message: { status: 'filled', filled: '0.01' } });
          expect(sell.message.id).toBeGreaterThan(buy.message.id);

          expect(await cutLock(url, third.child.pid!)).toBe(1);
          expect(await exitCode(third)).toBe(1);
          expect(third.output()).toContain('lost the engine lock of the database; stopping at once');
          expect(await ledgerProblems(url)).toEqual([]);
        } finally {
          const live = servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
          for (const s of live) s.child.kill('SIGKILL');
          await Promise.all(live.map((s) => exited(s.child)));
          await rm(dataDir, { recursive: true, force: true });
        }
      }),
    300_000,
  );
});
