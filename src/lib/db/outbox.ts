import { randomId } from './id';
import type { AppDatabase, OutboxRow } from './schema';

export interface OutboxInput<P> {
  kind: string;
  payload: P;
  /** Sent with the replay so the server applies it once; generated when absent. */
  idempotencyKey?: string;
}

/**
 * Queues an action. Adding the same idempotency key twice keeps the first entry, so a double tap
 * or a retried enqueue never produces two submissions.
 */
export async function outboxAdd<P>(db: AppDatabase, input: OutboxInput<P>, now = Date.now()) {
  const idempotencyKey = input.idempotencyKey ?? randomId();
  return db.transaction('rw', db.outbox, async () => {
    const existing = await db.outbox.where('idempotencyKey').equals(idempotencyKey).first();
    if (existing?.id !== undefined) return existing.id;
    const row: OutboxRow<P> = { kind: input.kind, payload: input.payload, createdAt: now, attempts: 0, idempotencyKey };
    return (await db.outbox.add(row as OutboxRow)) as number;
  });
}

/** Queued actions oldest first, optionally of one kind, so replays keep the user's order. */
export async function outboxList<P = unknown>(db: AppDatabase, kind?: string) {
  const rows = kind === undefined ? await db.outbox.toArray() : await db.outbox.where('kind').equals(kind).toArray();
  return (rows as OutboxRow<P>[]).sort((a, b) => a.createdAt - b.createdAt || (a.id ?? 0) - (b.id ?? 0));
}

export async function outboxRemove(db: AppDatabase, id: number) {
  await db.outbox.delete(id);
}

/** Records a failed replay; the caller decides when to give up based on `attempts`. */
export async function outboxFailed(db: AppDatabase, id: number, error: string) {
  await db.outbox
    .where('id')
    .equals(id)
    .modify((row) => {
      row.attempts += 1;
      row.lastError = error;
    });
}
