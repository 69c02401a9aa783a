import { outboxFailed, outboxList, outboxRemove } from '../db/outbox';
import type { AppDatabase } from '../db';
import { outboxKind } from './registry';

/** Background Sync tag the page registers after queuing; one tag drains the whole outbox. */
export const OUTBOX_SYNC_TAG = 'outbox';
/** Web Lock held by whoever replays (a tab or the worker), so no entry is sent twice at once. */
export const OUTBOX_LOCK = 'outbox-replay';

export interface ReplayReport {
  sent: number;
  refused: number;
  /** Still queued: a transient failure, or a kind this code does not know (a newer version queued it). */
  remaining: number;
}

export interface ReplayOptions {
  fetch?: typeof fetch;
  base?: string;
}

/**
 * Sends every queued entry oldest first. A transient failure of one entry holds back the later
 * entries of its kind, so a change never overtakes an earlier one (star then unstar arrive in that
 * order), while other kinds go on. An entry leaves the queue only once the API answered it, and
 * every entry carries an idempotency key, so a replay interrupted between sending and removing
 * repeats harmlessly.
 */
export async function replayAll(db: AppDatabase, options: ReplayOptions = {}): Promise<ReplayReport> {
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const base = options.base ?? '/api';
  const report: ReplayReport = { sent: 0, refused: 0, remaining: 0 };
  const held = new Set<string>();
  for (const row of await outboxList(db)) {
    const handler = outboxKind(row.kind);
    if (!handler || held.has(row.kind) || row.id === undefined) {
      report.remaining += 1;
      continue;
    }
    const outcome = await handler.send({ db, row: { ...row, id: row.id }, fetch: doFetch, base });
    if (outcome.result === 'retry') {
      console.warn(`outbox: ${row.kind} entry ${row.id} stays queued: ${outcome.error}`);
      await outboxFailed(db, row.id, outcome.error);
      held.add(row.kind);
      report.remaining += 1;
      continue;
    }
    await outboxRemove(db, row.id);
    await handler.settle(db, row, outcome);
    if (outcome.result === 'sent') report.sent += 1;
    else report.refused += 1;
  }
  return report;
}

/**
 * One replay at a time across every tab and the worker: all of them may wake on reconnect. Where
 * Web Locks are missing (old browsers) the replay runs unguarded; idempotency keys still keep the
 * server from applying an entry twice.
 */
export async function replayExclusive(db: AppDatabase, options: ReplayOptions = {}): Promise<ReplayReport> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return replayAll(db, options);
  return locks.request(OUTBOX_LOCK, () => replayAll(db, options));
}
