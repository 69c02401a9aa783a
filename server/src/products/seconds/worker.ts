import type { Db } from '../../db/client';
import { settleBatch, type SettledOrder } from './settle';

/** Orders settled per transaction. */
export const SETTLE_BATCH = 10_000;

export interface SecondsWorkerOptions {
  db: Db;
  now: () => Date;
  /** The pairs seconds contracts are offered on. */
  pairIds: readonly number[];
  /** Per pair, the time through which the price record is final (`PriceHistory.recordedThrough`). */
  recordedThrough: (pairId: number) => number;
  /** A recorded trade older than this at expiry is no live price: the order is void. */
  staleMs: number;
  batchSize?: number;
  /** Batches this worker runs at once, each in its own transaction (default 2). */
  concurrency?: number;
  onError?: (err: unknown) => void;
}

/**
 * Settles seconds contracts as the price record moves past their expiry: `kick()` after each
 * committed flush of the record (about once a second), and at start for orders that expired while
 * the server was down (they settle on the record's stored price at their expiry as soon as the
 * record is final past it). Runs one pass at a time; a kick during a pass runs another. Several
 * workers (processes) may run on one database: `settleBatch` takes disjoint orders (one escrow
 * shard per batch).
 */
export class SecondsWorker {
  private readonly listeners = new Set<(orders: SettledOrder[]) => void>();
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;
  private readonly batchSize: number;

  constructor(private readonly o: SecondsWorkerOptions) {
    this.batchSize = o.batchSize ?? SETTLE_BATCH;
  }

  /** Called with each committed batch of settled orders. Returns the unsubscribe. */
  onSettled(listener: (orders: SettledOrder[]) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Starts a pass (or another after the running one); errors go to `onError`. */
  kick(): void {
    void this.settleDue().catch((err: unknown) => this.o.onError?.(err));
  }

  /** Settles every due order; resolves with how many this call's passes settled. */
  settleDue(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      let total = 0;
      try {
        do {
          this.again = false;
          total += await this.pass();
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
      }
      return total;
    })();
    this.running = run;
    return run;
  }

  /** Waits for a running pass. */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  private async pass(): Promise<number> {
    const marks = new Map<number, number>();
    for (const id of this.o.pairIds) {
      const mark = this.o.recordedThrough(id);
      if (mark > 0) marks.set(id, mark);
    }
    // Lanes take disjoint orders (one escrow shard per batch), each until no batch finds a free
    // shard with due orders. A batch holds at most one shard's orders, so a short batch does not
    // mean that nothing is left; it means that its shard has nothing left at these marks, and no
    // lane of this pass looks at that shard again.
    const exhausted = new Set<number>();
    const lane = async (): Promise<number> => {
      let total = 0;
      while (!this.stopped) {
        const settled = await settleBatch(this.o.db, {
          marks,
          limit: this.batchSize,
          staleMs: this.o.staleMs,
          at: this.o.now(),
          exhausted,
        });
        total += settled.length;
        if (settled.length > 0) {
          for (const listener of this.listeners) {
            try {
              listener(settled);
            } catch (err) {
              this.o.onError?.(err);
            }
          }
        }
        if (settled.length === 0) break;
      }
      return total;
    };
    const lanes = await Promise.all(Array.from({ length: this.o.concurrency ?? 2 }, lane));
    return lanes.reduce((a, b) => a + b, 0);
  }
}
