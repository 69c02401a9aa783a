import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import type { Listener } from './listen';

/**
 * Announces changed rows on `channel` to every process that follows it (`ChangeFollower`): one
 * `pg_notify` per payload, in the caller's transaction, so it is delivered at the commit and not at
 * all on a rollback. PostgreSQL folds identical payloads of one transaction into one.
 */
export async function announce(db: Db | Tx, channel: string, payloads: readonly (string | number)[]): Promise<void> {
  if (payloads.length === 0) return;
  const texts = payloads.map(String);
  await db.execute(
    texts.length === 1
      ? sql`SELECT pg_notify(${channel}, ${texts[0]})`
      : sql`SELECT pg_notify(${channel}, p) FROM unnest(${sql.param(texts)}::text[]) AS p`,
  );
}

export interface ChangeFollowerOptions {
  channel: string;
  /** Queues a job on the runtime's own queue, so reloads never interleave with its actions. */
  run: (job: () => Promise<void>) => void;
  /** Reads the rows the payloads name afresh and watches them as they are now. */
  changed: (payloads: string[]) => Promise<void>;
  /** Reads everything again: announcements may have been missed. */
  reloadAll: () => Promise<void>;
  log: (err: unknown, message: string) => void;
  /** Wait before a failed read is tried again (ms). */
  retryMs?: number;
}

const MARKER = 'synced:';
const SYNC_TIMEOUT_MS = 10_000;

/**
 * Keeps a runtime's in-memory view (a trigger index) in step with rows that any process changes:
 * payloads announced on the channel are collected and read in one job of the runtime's queue
 * (payloads arriving while one is queued join it); after a gap in the notifications (the
 * listening connection was lost and is back) everything is reloaded. The view only decides what
 * to look at: every action re-checks the row under its lock, so a view that is behind for a moment
 * makes an action do nothing, never do the wrong thing.
 */
export class ChangeFollower {
  private readonly pending = new Set<string>();
  private queued = false;
  private readonly markers = new Map<string, () => void>();

  constructor(private readonly o: ChangeFollowerOptions) {}

  async follow(listener: Listener): Promise<void> {
    await listener.listen(this.o.channel, (payload) => this.received(payload));
    listener.afterGap(() => this.gap());
  }

  private received(payload: string): void {
    if (payload.startsWith(MARKER)) {
      const done = this.markers.get(payload);
      if (done) this.o.run(async () => done());
      return;
    }
    this.pending.add(payload);
    this.queue();
  }

  private queue(): void {
    if (this.queued) return;
    this.queued = true;
    this.o.run(() => this.flush());
  }

  private async flush(): Promise<void> {
    this.queued = false;
    const payloads = [...this.pending];
    this.pending.clear();
    if (payloads.length === 0) return;
    try {
      await this.o.changed(payloads);
    } catch (err) {
      this.o.log(err, `${this.o.channel}: changed rows not read; tried again`);
      for (const p of payloads) this.pending.add(p);
      this.later(() => this.queue());
    }
  }

  /** Announcements may have been lost: those pending are part of everything, which is read again. */
  gap(): void {
    this.pending.clear();
    this.o.run(() => this.reload());
  }

  private async reload(): Promise<void> {
    try {
      await this.o.reloadAll();
    } catch (err) {
      this.o.log(err, `${this.o.channel}: reload failed; tried again`);
      this.later(() => this.gap());
    }
  }

  private later(fn: () => void): void {
    setTimeout(fn, this.o.retryMs ?? 1_000).unref();
  }

  /**
   * Resolves once this process has applied every change committed on the channel before the call:
   * PostgreSQL delivers notifications in commit order, so a marker sent now arrives after them, and
   * its job runs after theirs (tests; a caller that must read its own writes through the view).
   */
  async synced(db: Db): Promise<void> {
    const marker = `${MARKER}${randomBytes(8).toString('hex')}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve, reject) => {
      this.markers.set(marker, resolve);
      timer = setTimeout(() => reject(new Error(`${this.o.channel}: no notification within 10 s`)), SYNC_TIMEOUT_MS);
    });
    try {
      await db.execute(sql`SELECT pg_notify(${this.o.channel}, ${marker})`);
      await arrived;
    } finally {
      clearTimeout(timer);
      this.markers.delete(marker);
    }
  }
}

/** A runtime's view of rows by id, for `rowFollower`. */
export interface RowView<R extends { id: number }> {
  /** The rows of these ids as they are now (missing ones are gone). */
  read(ids: number[]): Promise<R[]>;
  /** Takes a row as it is now (watching it, or forgetting it if it no longer applies). */
  watch(row: R): void;
  forget(id: number): void;
}

/** A `ChangeFollower` whose payloads are row ids: each is read again and watched, or forgotten. */
export function rowFollower<R extends { id: number }>(
  view: RowView<R>,
  o: Omit<ChangeFollowerOptions, 'changed'>,
): ChangeFollower {
  return new ChangeFollower({
    ...o,
    async changed(payloads) {
      const ids = payloads.map(Number);
      const rows = await view.read(ids);
      const found = new Set(rows.map((r) => r.id));
      for (const row of rows) view.watch(row);
      for (const id of ids) if (!found.has(id)) view.forget(id);
    },
  });
}
