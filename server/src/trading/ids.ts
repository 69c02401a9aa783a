import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import { lastConditionalId } from './conditional/repo';
import { lastIds } from './repo';

export type IdKind = 'order' | 'trade' | 'conditional';

/**
 * Where the trading core takes its order, trade and stop-order ids. Within a pair they rise with
 * time, so sorting a pair's resting orders by id restores time priority after a rebuild.
 */
export interface IdSource {
  /** Database work done before a batch, so that `next` for these pairs answers from memory. */
  prepare(pairIds: Iterable<number>): Promise<void>;
  next(kind: IdKind, pairId: number): number;
  /** The pairs were taken over: their next ids must rise above any another process gave. */
  forget(pairIds: Iterable<number>): void;
}

/** One process owns every pair: one counter per kind, continued from the highest stored id. */
export class MemoryIds implements IdSource {
  private last: Record<IdKind, number> | undefined;

  constructor(private readonly db: Db) {}

  async prepare(): Promise<void> {
    if (this.last) return;
    const [ids, conditional] = [await lastIds(this.db), await lastConditionalId(this.db)];
    this.last = { order: ids.order, trade: ids.trade, conditional };
  }

  next(kind: IdKind): number {
    if (!this.last) throw new Error('ids are not prepared');
    return ++this.last[kind];
  }

  forget(): void {}
}

/** The table each kind's ids end up in: a reservation starts above its highest stored id. */
const TABLE_OF: Record<IdKind, string> = {
  order: 'spot_orders',
  trade: 'spot_trades',
  conditional: 'spot_conditional_orders',
};
const KINDS = Object.keys(TABLE_OF) as IdKind[];

interface Block {
  next: number;
  end: number;
}

/**
 * Several processes own the pairs: each reserves blocks of ids per kind and pair in
 * `spot_id_blocks` (a row per kind whose `next` only grows), one statement per kind for all the
 * pairs running low. A pair taken over starts a new block, so its ids keep rising across owners.
 * A batch that would use more than a block's rest fails before it commits and is retried.
 */
export class BlockIds implements IdSource {
  private readonly blocks = new Map<string, Block>();

  constructor(
    private readonly db: Db,
    private readonly size = 100_000,
  ) {}

  async prepare(pairIds: Iterable<number>): Promise<void> {
    const pairs = [...pairIds];
    for (const kind of KINDS) {
      const low = pairs.filter((p) => {
        const b = this.blocks.get(`${kind}:${p}`);
        return !b || b.end - b.next < this.size / 2;
      });
      if (low.length > 0) await this.reserve(kind, low);
    }
  }

  next(kind: IdKind, pairId: number): number {
    const b = this.blocks.get(`${kind}:${pairId}`);
    if (!b || b.next >= b.end) throw new Error(`no ${kind} ids left for pair ${pairId} in this batch`);
    return b.next++;
  }

  forget(pairIds: Iterable<number>): void {
    for (const p of pairIds) for (const kind of KINDS) this.blocks.delete(`${kind}:${p}`);
  }

  private async reserve(kind: IdKind, pairs: number[]): Promise<void> {
    const span = pairs.length * this.size;
    const table = sql.raw(TABLE_OF[kind]);
    const [r] = await rows<{ start: string | number }>(
      this.db,
      sql`WITH floor AS (SELECT coalesce(max(id), 0) + 1 AS f FROM ${table})
        INSERT INTO spot_id_blocks (kind, next) SELECT ${kind}, f + ${span} FROM floor
        ON CONFLICT (kind) DO UPDATE
          SET next = greatest(spot_id_blocks.next, (SELECT f FROM floor)) + ${span}
        RETURNING next - ${span} AS start`,
    );
    const start = Number(r!.start);
    pairs.forEach((p, i) =>
      this.blocks.set(`${kind}:${p}`, { next: start + i * this.size, end: start + (i + 1) * this.size }),
    );
  }
}
