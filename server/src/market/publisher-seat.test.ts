import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import pg from 'pg';
import type { Database } from '../db/client';
import { openPostgres } from '../db/postgres';
import { CLUSTER_POSTGRES_URL } from '../testing/cluster';
import { postgresCopy, type PostgresCopy } from '../testing/databases';
import { publisherSeat, SeatLostError, type PublisherSeat } from './publisher-seat';

let copy: PostgresCopy;
let database: Database;
let admin: pg.Client;
const seats: PublisherSeat[] = [];

beforeEach(async () => {
  copy = await postgresCopy(CLUSTER_POSTGRES_URL);
  database = openPostgres(copy.url, () => undefined);
  admin = new pg.Client({ connectionString: copy.url });
  await admin.connect();
});

afterEach(async () => {
  await Promise.all(seats.splice(0).map((s) => s.close()));
  await admin.end();
  await database.close();
  await copy.drop();
});

function seat(onLost: (err: Error) => void = () => undefined): PublisherSeat {
  const s = publisherSeat(copy.url, onLost);
  seats.push(s);
  return s;
}

/** The backend holding the seat, as another session sees it. */
async function holderPid(): Promise<number | undefined> {
  const { rows } = await admin.query<{ pid: number }>(
    // This test's database only: other test files hold seats on databases of their own meanwhile.
    `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = $1 AND objid = 1 AND objsubid = 2
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [0x4d4b_4644],
  );
  return rows[0]?.pid;
}

/** A write fenced by `s`: resolves when it committed, rejects when the fence refused it. */
const fencedWrite = (s: PublisherSeat) =>
  database.db.transaction(async (tx) => {
    await s.fence(tx);
  });

it('gives the seat to one process at a time, with a higher epoch at each change, and fences the one that lost it', async () => {
  const lost = vi.fn();
  const a = seat(lost);
  const b = seat();
  const first = await a.take();
  expect(first).not.toBeNull();
  expect(await b.take()).toBeNull();
  await fencedWrite(a);
  await expect(fencedWrite(b)).rejects.toThrow(SeatLostError);
  expect(await a.check()).toBe(true);

  // The publisher's session ends (its host cut off, an administrator): the seat is free.
  await admin.query('SELECT pg_terminate_backend($1)', [await holderPid()]);
  await vi.waitFor(() => expect(lost).toHaveBeenCalledOnce());
  const second = await b.take();
  expect(second).toBeGreaterThan(first as bigint);
  await expect(fencedWrite(a)).rejects.toThrow(SeatLostError);
  await fencedWrite(b);
  expect(await a.check()).toBe(false);
});

it('lets the next publisher in only after a write the last one had fenced has committed', async () => {
  const a = seat();
  const b = seat();
  await a.take();
  let commit: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (commit = resolve));
  let fenced: () => void = () => undefined;
  const passed = new Promise<void>((resolve) => (fenced = resolve));
  // A's write passed its fence and has not committed yet when A's session ends.
  const writing = database.db.transaction(async (tx) => {
    await a.fence(tx);
    fenced();
    await held;
  });
  await passed;
  await admin.query('SELECT pg_terminate_backend($1)', [await holderPid()]);
  let taken = false;
  const taking = b.take().then((epoch) => {
    taken = true;
    return epoch;
  });
  // B gets the seat lock but waits at the barrier while A's write is open.
  await vi.waitFor(async () => {
    const { rows } = await admin.query<{ waiting: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
        AND classid = $1 AND objid = 2 AND objsubid = 2
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS waiting`,
      [0x4d4b_4644],
    );
    expect(rows[0]?.waiting).toBe(true);
  });
  expect(taken).toBe(false);
  commit();
  await writing;
  expect(await taking).not.toBeNull();
});

it('frees the seat of a publisher that stopped asking (paused, frozen) once PostgreSQL idles its session out', async () => {
  const lost = vi.fn();
  const a = seat(lost);
  const b = seat();
  await a.take();
  // A asks nothing from now on; B keeps asking as a candidate does.
  await vi.waitFor(
    async () => {
      expect(await b.take()).not.toBeNull();
    },
    { timeout: 15_000, interval: 1_000 },
  );
  expect(lost).toHaveBeenCalledOnce();
  await expect(fencedWrite(a)).rejects.toThrow(SeatLostError);
}, 20_000);
