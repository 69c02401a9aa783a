import { db as sharedDb, type AppDatabase, type OutboxRow } from '../lib/db';
import { outboxFailed, outboxList, outboxRemove } from '../lib/db/outbox';
import { setupRechargeSync } from './replay-recharge';

/** Background Sync tag the page registers after queuing; one tag drains the whole outbox. */
export const OUTBOX_SYNC_TAG = 'outbox';
/** Outbox kind of a queued API call (favorites today). */
export const API_CALL_KIND = 'api';

/**
 * An API call made while offline, exactly as the page would have sent it, so the worker needs
 * neither the page's storage (the token) nor the contract's schemas to replay it.
 */
export interface ApiCall {
  path: string;
  body: Record<string, string>;
  token: string;
  lang: string;
  /** What to settle in the favorites table once the server has answered. */
  favorite?: { currency_id: number; action: 'add' | 'del' };
}

/** ok: applied; rejected: the server refused it for good (drop it); retry: try again later. */
export type SendOutcome = { result: 'ok' } | { result: 'rejected' | 'retry'; error: string };
export type Send = (call: ApiCall, idempotencyKey: string) => Promise<SendOutcome>;

/** Posts one queued call the way `@/lib/http` would, with the queue's idempotency key. */
export function httpSender(fetchFn: typeof fetch = (...a) => fetch(...a), base = '/api'): Send {
  return async (call, idempotencyKey) => {
    let response: Response;
    try {
      response = await fetchFn(`${base}${call.path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': idempotencyKey,
          ...(call.token ? { Authorization: call.token } : {}),
        },
        body: new URLSearchParams({ ...call.body, lang: call.lang }),
      });
    } catch (error) {
      return { result: 'retry', error: String(error) };
    }
    if (response.status === 429 || response.status >= 500) return { result: 'retry', error: `HTTP ${response.status}` };
    const body = (await response.json().catch(() => null)) as { type?: unknown; message?: unknown } | null;
    if (response.status === 200 && body?.type === 'ok') return { result: 'ok' };
    return { result: 'rejected', error: typeof body?.message === 'string' ? body.message : `HTTP ${response.status}` };
  };
}

/**
 * Once the server has answered the last queued change of a favorite, the row stops being
 * pending: kept or removed as the user asked, or put back as it was if the server refused.
 */
async function settleFavorite(db: AppDatabase, call: ApiCall, accepted: boolean) {
  const fav = call.favorite;
  if (!fav) return;
  const later = (await outboxList<ApiCall>(db, API_CALL_KIND)).some((r) => r.payload.favorite?.currency_id === fav.currency_id);
  if (later) return;
  const keep = accepted ? fav.action === 'add' : fav.action === 'del';
  if (!keep) await db.favorites.delete(fav.currency_id);
  else await db.favorites.where('currency_id').equals(fav.currency_id).modify((row) => void delete row.pending);
}

export interface ReplayReport {
  sent: number;
  rejected: number;
  /** Still queued after a transient failure; the sync is retried later. */
  remaining: number;
}

/**
 * Sends the queued API calls oldest first. A transient failure stops the run so later changes
 * never overtake earlier ones (star then unstar must arrive in that order); each entry leaves the
 * queue only once the server answered it, and the server's add/del are idempotent, so a replay
 * interrupted between sending and removing repeats harmlessly.
 */
export async function replayOutbox(db: AppDatabase, send: Send): Promise<ReplayReport> {
  const rows = await outboxList<ApiCall>(db, API_CALL_KIND);
  const report: ReplayReport = { sent: 0, rejected: 0, remaining: 0 };
  for (const [i, row] of rows.entries()) {
    const outcome = await send(row.payload, row.idempotencyKey);
    if (outcome.result === 'retry') {
      await outboxFailed(db, row.id!, outcome.error);
      report.remaining = rows.length - i;
      break;
    }
    await outboxRemove(db, row.id!);
    await settleFavorite(db, row.payload, outcome.result === 'ok');
    if (outcome.result === 'ok') report.sent += 1;
    else report.rejected += 1;
  }
  return report;
}

/**
 * One replay at a time across the page and the worker: both may wake on reconnect, and two
 * runs would send the same entry twice.
 */
export async function replayExclusive(db: AppDatabase, send: Send): Promise<ReplayReport> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return replayOutbox(db, send);
  return locks.request('outbox-replay', () => replayOutbox(db, send));
}

export type ApiOutboxRow = OutboxRow<ApiCall>;

/** The part of a `SyncEvent` we use; typed here because the page also imports this module. */
interface SyncLikeEvent extends Event {
  readonly tag: string;
  waitUntil(promise: Promise<unknown>): void;
}

/** The worker's `sync` handler: a rejected promise tells the browser to retry with backoff. */
export function setupOutboxSync(sw: Pick<EventTarget, 'addEventListener'>): void {
  setupRechargeSync(sw, OUTBOX_SYNC_TAG);
  sw.addEventListener('sync', (event) => {
    const e = event as SyncLikeEvent;
    if (e.tag !== OUTBOX_SYNC_TAG) return;
    e.waitUntil(
      replayExclusive(sharedDb, httpSender()).then((report) => {
        if (report.remaining > 0) throw new Error(`${report.remaining} queued calls not sent yet`);
      }),
    );
  });
}
