import { randomId, type AppDatabase } from '@/lib/db';
import { outboxAdd } from '@/lib/db/outbox';
import { queuedKind, RECHARGE_KIND, type QueuedRecharge, type QueuedView } from '../outbox/rechargeKind';

export { queuedKind };
export type { QueuedView };

/**
 * Queues a recharge whose voucher could not be uploaded (offline): the image stays in IndexedDB
 * with the request, and a records row lets the page show it as queued until it is sent.
 * Both are written in one transaction so the page never shows a request that is not queued.
 */
export async function queueRecharge(
  db: AppDatabase,
  payload: QueuedRecharge,
  now = Date.now(),
  /** The key of an attempt whose answer was lost, so the replay cannot submit it a second time. */
  key = randomId(),
): Promise<string> {
  const view: QueuedView = {
    amount: payload.fields.amount,
    currency: payload.fields.currency,
    network: payload.fields.type,
    state: 'queued',
  };
  await db.transaction('rw', db.outbox, db.records, async () => {
    await outboxAdd(db, { kind: RECHARGE_KIND, payload, idempotencyKey: key }, now);
    await db.records.put({ kind: queuedKind(payload.uid), id: key, createdAt: now, data: view });
  });
  return key;
}
