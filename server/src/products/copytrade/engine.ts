/**
 * Copy trading in motion: listens to every committed futures change (`FuturesEngine.onChange`)
 * and, through one queue (so a trader position's copies are opened before they are closed),
 * fans a trader's open and close out to the followers (`fanout.ts`). New copies are put in the
 * trigger index (their own liquidation applies) and announced on the followers' `lever_trade`.
 *
 * A crash between the trader's fill and the copies loses nothing silently. At start:
 * - every open trader position with an active follow (followed before it opened) that has no copy
 *   record is copied at the trader's price when it opened less than `recoveryWindowMs` ago (30 s),
 *   otherwise recorded as skipped `missed` (the market has moved on: a copy at the old price would
 *   be a free option, at today's price it would not be a copy);
 * - every open copy of a closed trader position is closed at the trader's close price.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { LeverChangeKind } from '@contract/user-events';
import type { Db } from '../../db/client';
import { copyTrades, follows } from '../../db/schema/index';
import type { FuturesEngine } from '../../positions/engine';
import type { PositionRow } from '../../positions/repo';
import { copyClose, copyOpen, type OpenResult } from './fanout';
import { rows } from '../../db/rows';

export const RECOVERY_WINDOW_MS = 30_000;

export interface CopyEngineOptions {
  db: Db;
  futures: FuturesEngine;
  now: () => Date;
  log: (err: unknown, message: string) => void;
  recoveryWindowMs?: number;
  /** After each trader open's fan-out is committed (bench, tests). */
  onOpened?: (traderPositionId: number, result: OpenResult) => void;
}

export class CopyEngine {
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly o: CopyEngineOptions) {}

  async start(): Promise<void> {
    this.enqueue(() => this.recover());
    this.o.futures.onChange((row, kind) => this.onChange(row, kind));
    // Trader opens and closes announced while notifications were interrupted were not seen: the
    // same recovery as at start finds them.
    this.o.futures.onReload(() => {
      if (!this.stopped) this.enqueue(() => this.recover());
    });
    await this.idle();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  /** Resolves once everything queued is done. */
  async idle(): Promise<void> {
    let seen: Promise<void> | undefined;
    while (seen !== this.queue) {
      seen = this.queue;
      await seen;
    }
  }

  private enqueue(job: () => Promise<void>): void {
    this.queue = this.queue.then(job).catch((err: unknown) => this.o.log(err, 'copy trading job failed'));
  }

  private onChange(row: PositionRow, kind: LeverChangeKind): void {
    if (this.stopped) return;
    if ((kind === 'opened' || kind === 'filled') && row.status === 'open') {
      this.enqueue(() => this.open(row.id, row.userId));
    } else if (kind === 'closed') {
      this.enqueue(() => this.close(row.id));
    }
  }

  /** Copies a trader's open position (nothing unless its owner has active follows). */
  async open(positionId: number, traderId: number, missed = false): Promise<void> {
    const [any] = await this.o.db
      .select({ id: follows.id })
      .from(follows)
      .where(and(eq(follows.traderId, traderId), eq(follows.state, 'following')))
      .limit(1);
    if (!any) return;
    const result = await copyOpen(this.o.db, positionId, this.o.now(), missed);
    for (const row of result.copies) {
      this.o.futures.watch(row);
      this.o.futures.notify(row.userId, 'opened', row.id);
    }
    this.o.onOpened?.(positionId, result);
  }

  /** Closes the open copies of a closed position (nothing when it has none). */
  async close(positionId: number): Promise<void> {
    const [any] = await this.o.db
      .select({ id: copyTrades.id })
      .from(copyTrades)
      .where(and(eq(copyTrades.traderPositionId, positionId), eq(copyTrades.state, 'copied')))
      .limit(1);
    if (!any) return;
    for (const row of await copyClose(this.o.db, positionId, this.o.now())) {
      this.o.futures.watch(row);
      this.o.futures.notify(row.userId, 'closed', row.id);
    }
  }

  private async recover(): Promise<void> {
    const now = this.o.now();
    const window = this.o.recoveryWindowMs ?? RECOVERY_WINDOW_MS;
    const uncopied = await rows<{ id: number; user_id: number; opened_ms: number }>(
      this.o.db,
      sql`SELECT DISTINCT p.id, p.user_id, (extract(epoch FROM p.opened_at) * 1000)::float8 AS opened_ms FROM lever_positions p
        JOIN follows f ON f.trader_id = p.user_id AND f.state = 'following' AND f.created_at <= p.opened_at
        WHERE p.status = 'open'
          AND NOT EXISTS (SELECT 1 FROM copy_trades c WHERE c.follow_id = f.id AND c.trader_position_id = p.id)
          AND NOT EXISTS (SELECT 1 FROM copy_trades c WHERE c.position_id = p.id)
        ORDER BY p.id`,
    );
    for (const r of uncopied) {
      const age = now.getTime() - Number(r.opened_ms);
      await this.open(Number(r.id), Number(r.user_id), age > window);
    }
    const unclosed = await rows<{ id: number }>(
      this.o.db,
      sql`SELECT DISTINCT c.trader_position_id AS id FROM copy_trades c
        JOIN lever_positions p ON p.id = c.position_id
        JOIN lever_positions t ON t.id = c.trader_position_id
        WHERE c.state = 'copied' AND p.status = 'open' AND t.status = 'closed'
        ORDER BY 1`,
    );
    for (const r of unclosed) await this.close(Number(r.id));
  }
}
