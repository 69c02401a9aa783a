import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/rows';

/** How long a lease lasts without renewal; an owner renews every `LEASE_MS / 5`. */
export const LEASE_MS = 5_000;
/** How long taking an expired lease waits for a batch of the old owner still holding the row. */
const TAKE_LOCK_MS = 500;

/** A batch's pair was taken over (or released) before it committed: nothing of it was applied. */
export class FencedError extends Error {
  override name = 'FencedError';
  constructor(readonly pairIds: number[]) {
    super(`pairs ${pairIds.join(', ')} are no longer owned by this process`);
  }
}

export interface LeaseTick {
  /** Pairs now held, with their epochs. */
  held: Map<number, number>;
  /** Pairs taken by this tick (to be rebuilt from the database before use). */
  gained: number[];
  /** Pairs that were held and are not any more (another worker took them over). */
  lost: number[];
  /** How many pairs this worker should hold so that every live worker has its share. */
  share: number;
}

/**
 * The spot pair leases of one worker (`spot_pair_leases`, `spot_workers`), each step one
 * statement decided by the database's clock. The fence is the part that makes ownership safe:
 * `check` runs last in every batch transaction and holds the lease rows until the commit.
 */
export class PairLeases {
  private held = new Map<number, number>();

  constructor(
    private readonly db: Db,
    readonly workerId: string,
    private readonly ttlMs = LEASE_MS,
  ) {}

  get pairs(): ReadonlyMap<number, number> {
    return this.held;
  }

  /** Heartbeat, renew what is held, then take free or expired pairs up to this worker's share. */
  async tick(allPairs: number[], hold = true): Promise<LeaseTick> {
    const ttl = `${this.ttlMs} milliseconds`;
    await this.db.execute(sql`INSERT INTO spot_workers (id, seen_at) VALUES (${this.workerId}, now())
      ON CONFLICT (id) DO UPDATE SET seen_at = now()`);
    const renewed = await this.renew(ttl);
    const lost = [...this.held.keys()].filter((p) => !renewed.has(p));
    this.held = renewed;
    const share = await this.shareOf(allPairs.length);
    const gained = hold && this.held.size < share ? await this.take(allPairs, share - this.held.size, ttl) : [];
    return { held: this.held, gained, lost, share };
  }

  /** Gives pairs up at once (a drained owner handing over, or a stopping one). */
  async release(pairIds: number[]): Promise<void> {
    if (pairIds.length === 0) return;
    await this.db.execute(sql`UPDATE spot_pair_leases SET expires_at = now() - interval '1 millisecond'
      WHERE owner = ${this.workerId} AND pair_id = ANY(${sql.param(pairIds)}::int[])`);
    for (const p of pairIds) this.held.delete(p);
  }

  /** Leaves the shared-out count (a stopping worker), after releasing its pairs. */
  async leave(): Promise<void> {
    await this.release([...this.held.keys()]);
    await this.db.execute(sql`DELETE FROM spot_workers WHERE id = ${this.workerId}`);
  }

  /**
   * First in a batch transaction: it may idle at most one lease period. A paused owner's open
   * transaction (its account and lease row locks) is then ended by the database instead of
   * blocking the next owner.
   */
  async open(tx: Tx): Promise<void> {
    await tx.execute(sql`SELECT set_config('idle_in_transaction_session_timeout', ${String(this.ttlMs)}, true)`);
  }

  /**
   * The fence, run as the last statement of a batch transaction: the rows of the batch's pairs
   * must still name this worker with the epochs it took them at. `FOR SHARE` keeps a takeover
   * waiting until this transaction ends (at most a lease period, see `open`).
   */
  async check(tx: Tx, pairIds: number[]): Promise<void> {
    if (pairIds.length === 0) return;
    const found = await rows<{ pair_id: number; epoch: string | number }>(
      tx,
      sql`SELECT l.pair_id, l.epoch FROM spot_pair_leases l
        WHERE l.pair_id = ANY(${sql.param(pairIds)}::int[]) AND l.owner = ${this.workerId} FOR SHARE OF l`,
    );
    const ok = new Set(found.filter((r) => this.held.get(r.pair_id) === Number(r.epoch)).map((r) => r.pair_id));
    const fenced = pairIds.filter((p) => !ok.has(p));
    if (fenced.length > 0) throw new FencedError(fenced);
  }

  /** An expired lease nobody took (same epoch) is renewed too: the epoch, not the time, fences. */
  private async renew(ttl: string): Promise<Map<number, number>> {
    const pairs = [...this.held.keys()];
    if (pairs.length === 0) return new Map();
    const epochs = pairs.map((p) => this.held.get(p)!);
    const found = await rows<{ pair_id: number; epoch: string | number }>(
      this.db,
      sql`UPDATE spot_pair_leases l SET expires_at = now() + ${ttl}::interval
        FROM unnest(${sql.param(pairs)}::int[], ${sql.param(epochs)}::bigint[]) AS h(pair_id, epoch)
        WHERE l.pair_id = h.pair_id AND l.epoch = h.epoch AND l.owner = ${this.workerId}
        RETURNING l.pair_id, l.epoch`,
    );
    return new Map(found.map((r) => [r.pair_id, Number(r.epoch)]));
  }

  /**
   * Each live worker's share. A worker not seen for a lease period no longer counts: its leases
   * have run out by then too, and the others' shares grow to take them.
   */
  private async shareOf(pairCount: number): Promise<number> {
    const [r] = await rows<{ n: string | number }>(
      this.db,
      sql`SELECT count(*) AS n FROM spot_workers WHERE seen_at > now() - ${`${this.ttlMs} milliseconds`}::interval`,
    );
    return Math.ceil(pairCount / Math.max(1, Number(r?.n ?? 1)));
  }

  /**
   * Takes up to `count` pairs nobody holds (never leased, expired or released), raising the epoch
   * of each. Two workers racing for a pair: the row lock orders them and the second finds it held.
   */
  private async take(allPairs: number[], count: number, ttl: string): Promise<number[]> {
    try {
      const taken = await this.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('lock_timeout', ${String(TAKE_LOCK_MS)}, true)`);
        return rows<{ pair_id: number; epoch: string | number }>(
          tx,
          sql`WITH free AS (
              SELECT p.id FROM unnest(${sql.param(allPairs)}::int[]) AS p(id)
                LEFT JOIN spot_pair_leases l ON l.pair_id = p.id
              WHERE l.pair_id IS NULL OR l.expires_at <= now()
              ORDER BY p.id LIMIT ${count})
            INSERT INTO spot_pair_leases AS l (pair_id, owner, epoch, expires_at)
              SELECT id, ${this.workerId}, 1, now() + ${ttl}::interval FROM free
            ON CONFLICT (pair_id) DO UPDATE
              SET owner = excluded.owner, epoch = l.epoch + 1, expires_at = excluded.expires_at
              WHERE l.expires_at <= now()
            RETURNING l.pair_id, l.epoch`,
        );
      });
      for (const r of taken) this.held.set(r.pair_id, Number(r.epoch));
      return taken.map((r) => r.pair_id);
    } catch (err) {
      // An old owner's batch still holds a row (it ends within a lease period): next tick.
      if ((err as { code?: string }).code === '55P03') return [];
      throw err;
    }
  }
}
