import { otcOrderPaid } from '@contract/otc';
import { upload } from '@contract/site';
import type { AppDatabase } from '@/lib/db';
import type { Outcome } from '@/lib/outbox/classify';
import { postFile, postForm, type QueuedSession } from '@/lib/outbox/http';
import type { OutboxKind, SendContext } from '@/lib/outbox/registry';

/** Outbox kind of an order marked paid, with its payment proof, while the network failed. */
export const OTC_PAID_KIND = 'otc-paid';
/** Records kind (prefixed with the user id) the order view reads a waiting "paid" from. */
export const QUEUED_PAID = 'otc-paid-queue';

export type PaidState = 'queued' | 'sent' | 'rejected';

/**
 * The order id and its payment proof kept as a Blob in IndexedDB, plus the session the worker
 * sends it with. `proof` is set once the image is uploaded, so a retry does not upload it again.
 */
export interface QueuedPaid extends QueuedSession {
  uid: number;
  orderId: number;
  image: Blob;
  fileName: string;
  proof?: string;
}

/** What the order view shows for a waiting "paid" (records table, id = idempotency key). */
export interface PaidView {
  orderId: number;
  state: PaidState;
  /** The server's (localized) refusal. */
  error?: string;
}

export const queuedPaidKind = (uid: number) => `${uid}:${QUEUED_PAID}`;

/** Uploads the proof (once; the reference is saved with the entry) and returns its reference. */
async function uploadOnce(ctx: SendContext<QueuedPaid>): Promise<{ proof: string } | Outcome> {
  const p = ctx.row.payload;
  if (p.proof) return { proof: p.proof };
  const up = await postFile(ctx, upload.path, { blob: p.image, name: p.fileName }, p);
  if (up.result !== 'sent') return up;
  const ref = upload.response.safeParse(up.message);
  // An ok envelope without a reference is not our API's answer to an upload.
  if (!ref.success) return { result: 'retry', error: 'upload answered without a file reference' };
  await ctx.db.outbox.update(ctx.row.id, { payload: { ...p, proof: ref.data } });
  return { proof: ref.data };
}

async function mark(db: AppDatabase, p: QueuedPaid, key: string, change: Partial<PaidView>) {
  await db.records
    .where('[kind+id]')
    .equals([queuedPaidKind(p.uid), key])
    .modify((row) => {
      row.data = { ...(row.data as PaidView), ...change };
    });
}

/**
 * Marks the order paid with the entry's idempotency key, so a repeated submission answers the
 * first result. A refusal (the payment window ended, the order moved on) is final and shown.
 */
export const otcPaidKind: OutboxKind<QueuedPaid> = {
  kind: OTC_PAID_KIND,
  async send(ctx) {
    const up = await uploadOnce(ctx);
    if (!('proof' in up)) return up;
    const p = ctx.row.payload;
    return postForm(ctx, otcOrderPaid.path, { id: String(p.orderId), proof: up.proof }, p);
  },
  settle: (db, row, outcome) =>
    outcome.result === 'refused'
      ? mark(db, row.payload, row.idempotencyKey, { state: 'rejected', error: outcome.error })
      : mark(db, row.payload, row.idempotencyKey, { state: 'sent' }),
};
