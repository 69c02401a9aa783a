import { randomId, type AppDatabase } from '@/lib/db';
import { outboxAdd } from '@/lib/db/outbox';
import { AVATAR_KIND, queuedAvatarKind, type AvatarView, type QueuedAvatar } from '../outbox/avatarKind';

/**
 * Queues an avatar that could not be sent (offline): the cropped picture waits in the outbox, and
 * a records row lets the profile show it at once, marked as waiting, until it is sent. Both are
 * written in one transaction so the profile never shows an avatar that is not queued.
 */
export async function queueAvatar(db: AppDatabase, payload: QueuedAvatar, now = Date.now(), key = randomId()) {
  const view: AvatarView = { state: 'queued', image: payload.image };
  await db.transaction('rw', db.outbox, db.records, async () => {
    await outboxAdd(db, { kind: AVATAR_KIND, payload, idempotencyKey: key }, now);
    await db.records.put({ kind: queuedAvatarKind(payload.uid), id: key, createdAt: now, data: view });
  });
  return key;
}

/** Forgets the shown entry once the profile has taken the server's avatar or shown the refusal. */
export async function dismissAvatar(db: AppDatabase, uid: number, key: string) {
  await db.records
    .where('[kind+id]')
    .equals([queuedAvatarKind(uid), key])
    .delete();
}
