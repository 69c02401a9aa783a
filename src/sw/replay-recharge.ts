import { db as sharedDb, type AppDatabase } from '../lib/db';
import { outboxFailed, outboxList, outboxRemove } from '../lib/db/outbox';

/** Outbox kind of a recharge whose payment voucher was chosen while offline. */
export const RECHARGE_KIND = 'recharge';
/** Records kind (prefixed with the user id) the recharge page lists queued vouchers from. */
export const QUEUED_RECHARGES = 'recharge-queue';

export type QueuedState = 'queued' | 'sent' | 'rejected';

/**
 * A recharge request with its voucher image kept as a Blob in IndexedDB, plus what the worker
 * needs to send it without the page's storage (token, language). `voucher` is set once the
 * image is uploaded, so a later retry does not upload it again.
 */
export interface QueuedRecharge {
  uid: number;
  token: string;
  lang: string;
  image: Blob;
  fileName: string;
  fields: { amount: string; currency: string; type: string; account: string };
  voucher?: string;
}

/** What the page shows for a queued recharge (records table, id = idempotency key). */
export interface QueuedView {
  amount: string;
  currency: string;
  network: string;
  state: QueuedState;
  error?: string;
}

type Outcome = { result: 'ok' | 'rejected' | 'retry'; value?: string; error?: string };

async function answer(response: Response): Promise<Outcome> {
  if (response.status === 429 || response.status >= 500) return { result: 'retry', error: `HTTP ${response.status}` };
  const body = (await response.json().catch(() => null)) as { type?: unknown; message?: unknown } | null;
  const text = typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`;
  if (response.status === 200 && body?.type === 'ok') return { result: 'ok', value: text };
  return { result: 'rejected', error: text };
}

async function attempt(doFetch: typeof fetch, url: string, init: RequestInit): Promise<Outcome> {
  try {
    return await answer(await doFetch(url, init));
  } catch (error) {
    return { result: 'retry', error: String(error) };
  }
}

/** Uploads the voucher (once) and submits the request with the queue's idempotency key. */
async function sendOne(db: AppDatabase, doFetch: typeof fetch, base: string, id: number, key: string, p: QueuedRecharge) {
  const auth: Record<string, string> = p.token ? { Authorization: p.token } : {};
  let voucher = p.voucher;
  if (!voucher) {
    const form = new FormData();
    form.append('lang', p.lang);
    form.append('file', p.image, p.fileName);
    const up = await attempt(doFetch, `${base}/upload`, { method: 'POST', headers: auth, body: form });
    if (up.result !== 'ok') return up;
    voucher = up.value!;
    await db.outbox.update(id, { payload: { ...p, voucher } });
  }
  return attempt(doFetch, `${base}/wallet/charge_req`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': key },
    body: new URLSearchParams({ ...p.fields, voucher, lang: p.lang }),
  });
}

async function mark(db: AppDatabase, uid: number, key: string, state: QueuedState, error?: string) {
  await db.records
    .where('[kind+id]')
    .equals([`${uid}:${QUEUED_RECHARGES}`, key])
    .modify((row) => {
      row.data = { ...(row.data as QueuedView), state, error };
    });
}

/**
 * Sends every queued recharge, oldest first; a transient failure leaves the rest for the next
 * sync. Returns how many are still queued. Each entry leaves the queue only after the server
 * answered, and the idempotency key makes a repeated submission answer the first result.
 */
export async function replayRecharges(db: AppDatabase, doFetch: typeof fetch = (...a) => fetch(...a), base = '/api') {
  const rows = await outboxList<QueuedRecharge>(db, RECHARGE_KIND);
  for (const [i, row] of rows.entries()) {
    const outcome = await sendOne(db, doFetch, base, row.id!, row.idempotencyKey, row.payload);
    if (outcome.result === 'retry') {
      await outboxFailed(db, row.id!, outcome.error ?? 'retry');
      return rows.length - i;
    }
    await outboxRemove(db, row.id!);
    await mark(db, row.payload.uid, row.idempotencyKey, outcome.result === 'ok' ? 'sent' : 'rejected', outcome.error);
  }
  return 0;
}

/** One replay at a time across the page and the worker, so nothing is sent twice at once. */
export async function replayRechargesExclusive(db: AppDatabase = sharedDb): Promise<number> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return replayRecharges(db);
  return (await locks.request('recharge-replay', () => replayRecharges(db))) as number;
}

interface SyncLikeEvent extends Event {
  readonly tag: string;
  waitUntil(promise: Promise<unknown>): void;
}

/** Replays queued recharges on the given sync tag; a rejection asks the browser to retry later. */
export function setupRechargeSync(sw: Pick<EventTarget, 'addEventListener'>, tag: string): void {
  sw.addEventListener('sync', (event) => {
    const e = event as SyncLikeEvent;
    if (e.tag !== tag) return;
    e.waitUntil(
      replayRechargesExclusive().then((remaining) => {
        if (remaining > 0) throw new Error(`${remaining} queued recharges not sent yet`);
      }),
    );
  });
}
