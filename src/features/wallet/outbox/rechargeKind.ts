import { chargeReq } from '@contract/fund';
import { upload } from '@contract/site';
import type { AppDatabase } from '@/lib/db';
import type { Outcome } from '@/lib/outbox/classify';
import { postFile, postForm, type QueuedSession } from '@/lib/outbox/http';
import type { OutboxKind, SendContext } from '@/lib/outbox/registry';

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
export interface QueuedRecharge extends QueuedSession {
  uid: number;
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

/** The records kind of one user's queued recharges. */
export const queuedKind = (uid: number) => `${uid}:${QUEUED_RECHARGES}`;

/** Uploads the voucher (once; the reference is saved with the entry) and returns its reference. */
async function uploadOnce(ctx: SendContext<QueuedRecharge>): Promise<{ voucher: string } | Outcome> {
  const p = ctx.row.payload;
  if (p.voucher) return { voucher: p.voucher };
  const up = await postFile(ctx, upload.path, { blob: p.image, name: p.fileName }, p);
  if (up.result !== 'sent') return up;
  const ref = upload.response.safeParse(up.message);
  // An ok envelope without a reference is not our API's answer to an upload.
  if (!ref.success) return { result: 'retry', error: 'upload answered without a file reference' };
  await ctx.db.outbox.update(ctx.row.id, { payload: { ...p, voucher: ref.data } });
  return { voucher: ref.data };
}

async function mark(db: AppDatabase, p: QueuedRecharge, key: string, state: QueuedState, error?: string) {
  await db.records
    .where('[kind+id]')
    .equals([queuedKind(p.uid), key])
    .modify((row) => {
      row.data = { ...(row.data as QueuedView), state, error };
    });
}

/** Submits with the entry's idempotency key, so a repeated submission answers the first result. */
export const rechargeKind: OutboxKind<QueuedRecharge> = {
  kind: RECHARGE_KIND,
  async send(ctx) {
    const up = await uploadOnce(ctx);
    if (!('voucher' in up)) return up;
    const p = ctx.row.payload;
    return postForm(ctx, chargeReq.path, { ...p.fields, voucher: up.voucher }, p);
  },
  settle: (db, row, outcome) =>
    mark(
      db,
      row.payload,
      row.idempotencyKey,
      outcome.result === 'sent' ? 'sent' : 'rejected',
      outcome.result === 'refused' ? outcome.error : undefined,
    ),
};
