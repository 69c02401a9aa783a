import { uploadHeadPortrait } from '@contract/profile';
import { upload } from '@contract/site';
import type { AppDatabase } from '@/lib/db';
import type { Outcome } from '@/lib/outbox/classify';
import { postFile, postForm, type QueuedSession } from '@/lib/outbox/http';
import type { OutboxKind, SendContext } from '@/lib/outbox/registry';

/** Outbox kind of an avatar chosen while offline (already cropped square on the device). */
export const AVATAR_KIND = 'avatar';
/** Records kind (prefixed with the user id) the profile reads the waiting avatar from. */
export const QUEUED_AVATARS = 'avatar-queue';

export type AvatarState = 'queued' | 'sent' | 'rejected';

/**
 * The cropped picture kept as a Blob in IndexedDB, and what the worker needs to send it without
 * the page's storage. `upload` is set once the picture is uploaded, so a retry does not upload it
 * again (and `/user/uploadHeadPortrait` answers the same avatar for the same upload).
 */
export interface QueuedAvatar extends QueuedSession {
  uid: number;
  image: Blob;
  fileName: string;
  upload?: string;
}

/** What the profile shows for the newest queued avatar (records table, id = idempotency key). */
export interface AvatarView {
  state: AvatarState;
  /** The local copy, shown until the server's avatar replaces it. */
  image: Blob;
  /** The server's avatar address once sent. */
  headPortrait?: string;
  /** The server's (localized) refusal. */
  error?: string;
}

export const queuedAvatarKind = (uid: number) => `${uid}:${QUEUED_AVATARS}`;

async function uploadOnce(ctx: SendContext<QueuedAvatar>): Promise<{ ref: string } | Outcome> {
  const p = ctx.row.payload;
  if (p.upload) return { ref: p.upload };
  const up = await postFile(ctx, upload.path, { blob: p.image, name: p.fileName }, p);
  if (up.result !== 'sent') return up;
  const ref = upload.response.safeParse(up.message);
  if (!ref.success) return { result: 'retry', error: 'upload answered without a file reference' };
  await ctx.db.outbox.update(ctx.row.id, { payload: { ...p, upload: ref.data } });
  return { ref: ref.data };
}

async function mark(db: AppDatabase, p: QueuedAvatar, key: string, change: Partial<AvatarView>) {
  await db.records
    .where('[kind+id]')
    .equals([queuedAvatarKind(p.uid), key])
    .modify((row) => {
      row.data = { ...(row.data as AvatarView), ...change };
    });
}

export const avatarKind: OutboxKind<QueuedAvatar> = {
  kind: AVATAR_KIND,
  async send(ctx) {
    const up = await uploadOnce(ctx);
    if (!('ref' in up)) return up;
    const p = ctx.row.payload;
    return postForm(ctx, uploadHeadPortrait.path, { head_portrait: up.ref }, p);
  },
  settle(db, row, outcome) {
    if (outcome.result === 'refused')
      return mark(db, row.payload, row.idempotencyKey, { state: 'rejected', error: outcome.error });
    const reply = uploadHeadPortrait.response.safeParse(outcome.message);
    return mark(db, row.payload, row.idempotencyKey, {
      state: 'sent',
      headPortrait: reply.success ? reply.data.head_portrait : undefined,
    });
  },
};
