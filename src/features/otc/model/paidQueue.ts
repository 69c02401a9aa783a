import { randomId, type AppDatabase } from '@/lib/db';
import { outboxAdd } from '@/lib/db/outbox';
import { OTC_PAID_KIND, queuedPaidKind, type PaidView, type QueuedPaid } from '../outbox/paidKind';

/**
 * Queues "I have paid" with its proof when the network failed: the image waits in the outbox, and
 * a records row lets the order view show it as waiting until it is sent. Both are written in one
 * transaction so the order never shows a "paid" that is not queued.
 */
export async function queuePaid(
  db: AppDatabase,
  payload: QueuedPaid,
  now = Date.now(),
  /** The key of an attempt whose answer was lost, so the replay cannot apply it a second time. */
  key = randomId(),
): Promise<string> {
  const view: PaidView = { orderId: payload.orderId, state: 'queued' };
  await db.transaction('rw', db.outbox, db.records, async () => {
    await outboxAdd(db, { kind: OTC_PAID_KIND, payload, idempotencyKey: key }, now);
    await db.records.put({ kind: queuedPaidKind(payload.uid), id: key, createdAt: now, data: view });
  });
  return key;
}

/** Forgets the shown entry once the order view has read the order again or shown the refusal. */
export async function dismissPaid(db: AppDatabase, uid: number, key: string) {
  await db.records
    .where('[kind+id]')
    .equals([queuedPaidKind(uid), key])
    .delete();
}
