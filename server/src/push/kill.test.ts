import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import type { Database } from '../db/client';
import { onBothDatabases, rowsOf } from '../testing/kill-load';
import { exited, openAfterKill } from '../testing/kill-support';
import { startFakePushService, type FakePushService } from '../testing/fake-push-service';
import { notifyMany } from './notify';
import { scriptArgs } from '../testing/compiled';

/**
 * `kill -9` of the delivery worker (`npm run push:worker`, its own process) in the middle of
 * delivering, then a restart: every queued notification reaches its device at least once (the
 * rows the killed worker had taken are delivered again once their lease expires), and the outbox
 * ends empty. On PGlite (a data folder) and on PostgreSQL when DATABASE_URL is set.
 */

const WORKER = fileURLToPath(new URL('../cli/push-worker.ts', import.meta.url));
const USERS = 20;
const EVENTS_PER_USER = 8;
const KILL_AFTER = 50;

let service: FakePushService;
let caDir: string;
let caFile: string;
beforeAll(async () => {
  service = await startFakePushService();
  caDir = await mkdtemp(join(tmpdir(), 'push-ca-'));
  caFile = join(caDir, 'ca.pem');
  await writeFile(caFile, service.ca);
});
afterAll(async () => {
  await service.close();
  await rm(caDir, { recursive: true, force: true });
});

async function startWorker(target: string): Promise<ChildProcess> {
  const where = target.startsWith('pglite:')
    ? // Empty counts as unset: the test run's own DATABASE_URL must not win over the folder.
      { DATA_DIR: target.slice('pglite:'.length), DATABASE_URL: '' }
    : { DATABASE_URL: target, DATA_DIR: join(caDir, 'data') };
  const child = spawn(process.execPath, await scriptArgs(WORKER), {
    env: {
      ...process.env,
      ...where,
      APP_MODE: 'demo',
      NODE_EXTRA_CA_CERTS: caFile,
      PUSH_BATCH: '40',
      PUSH_CONCURRENCY: '8',
      PUSH_LEASE_MS: '3000',
      PUSH_POLL_MS: '500',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Workers still running when a test ends (it failed): stopped, so none outlives the run. */
const children = new Set<ChildProcess>();
afterEach(() => {
  for (const c of children) c.kill('SIGKILL');
});

/** Users with one device each on the fake service, and their notifications queued. */
async function seed(database: Database): Promise<Map<string, string>> {
  const now = new Date();
  const deviceOf = new Map<string, string>();
  const items: Parameters<typeof notifyMany>[1][number][] = [];
  for (let u = 0; u < USERS; u++) {
    const tag = randomBytes(6).toString('hex');
    const [user] = await rowsOf(
      database,
      sql`INSERT INTO users (account_number, nickname, password_hash, invitation_code, created_at, updated_at)
          VALUES (${tag}, ${`u${u}`}, 'x', ${tag}, ${now}, ${now}) RETURNING id`,
    );
    const s = service.subscribe();
    await database.db.execute(
      sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, locale, created_at, updated_at)
          VALUES (${user!.id}, ${s.endpoint}, ${s.keys.p256dh}, ${s.keys.auth}, 'en', ${now}, ${now})`,
    );
    for (let i = 0; i < EVENTS_PER_USER; i++) {
      items.push({
        userId: Number(user!.id),
        event: {
          type: 'settlement.seconds',
          order_id: u * 100 + i,
          pair: 'BTC/USDT',
          result: 'win',
          profit: '1',
          currency: 'USDT',
        },
      });
    }
    deviceOf.set(s.id, String(user!.id));
  }
  expect(await notifyMany(database.db, items, now)).toBe(USERS * EVENTS_PER_USER);
  return deviceOf;
}

const ids = (filter: (r: { subscriptionId: string }) => boolean) =>
  new Set(service.received.filter((r) => r.status === 201 && filter(r)).map((r) => (r.payload as { id: string }).id));

async function killMidDelivery(target: string): Promise<void> {
  const first = await openAfterKill(target);
  await first.migrate();
  const devices = await seed(first);
  const expected = (await rowsOf(first, sql`SELECT event_id FROM push_outbox ORDER BY id`)).map((r) =>
    String(r.event_id),
  );
  await first.close();
  const mine = (r: { subscriptionId: string }) => devices.has(r.subscriptionId);

  // The worker is killed from inside the push service, while its requests are in flight.
  let worker = await startWorker(target);
  let seen = 0;
  service.respond((r) => {
    if (mine(r) && ++seen === KILL_AFTER) worker.kill('SIGKILL');
    return 201;
  });
  await exited(worker);
  service.respond(undefined);
  const before = ids(mine).size;
  expect(before).toBeGreaterThan(0);
  expect(before).toBeLessThan(expected.length);

  // What the killed worker left: rows still queued, some of them taken under a lease.
  const left = await openAfterKill(target);
  const queued = await rowsOf(left, sql`SELECT count(*)::int AS n, count(lease_until)::int AS leased FROM push_outbox`);
  await left.close();
  expect(queued[0]!.n).toBeGreaterThan(0);
  expect(queued[0]!.leased).toBeGreaterThan(0);

  // A new worker delivers everything once the leases expire.
  worker = await startWorker(target);
  await service.waitFor(1, () => ids(mine).size >= expected.length, 200_000);
  worker.kill('SIGTERM');
  await exited(worker);
  expect([...ids(mine)].sort()).toEqual([...expected].sort());

  const after = await openAfterKill(target);
  try {
    expect((await rowsOf(after, sql`SELECT count(*)::int AS n FROM push_outbox`))[0]!.n).toBe(0);
  } finally {
    await after.close();
  }
}

describe('push worker killed mid-delivery', () => {
  onBothDatabases('delivers every notification after a restart', killMidDelivery, 300_000);
});
