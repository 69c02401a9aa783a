import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { AVATAR_URL_PREFIX } from '@contract/profile';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { accountChanged, type Auth } from '../../sessions/sessions';
import { findOwnUpload } from '../../uploads/repo';
import { UPLOAD_URL_PREFIX, uploadsDir } from '../../uploads/service';
import { avatarNameFor, removeAvatar, writeAvatar } from './avatars';

/**
 * Sets the avatar from one of the caller's uploads. Another user's upload answers like a missing
 * one (the names are private). The account row is updated under its lock, so of parallel requests
 * the last one wins and each replaced file is removed once.
 */
export async function setAvatar(ctx: AppContext, auth: Auth, reference: string): Promise<string> {
  const uploadName = reference.slice(UPLOAD_URL_PREFIX.length);
  const upload = await findOwnUpload(ctx.db, uploadName, auth.user.id);
  if (!upload) throw new AppError('field_invalid', { field: 'head_portrait' });
  const name = avatarNameFor(uploadName);
  await writeAvatar(ctx, await readFile(join(uploadsDir(ctx), uploadName)), name);
  const headPortrait = AVATAR_URL_PREFIX + name;
  const previous = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ headPortrait: users.headPortrait })
      .from(users)
      .where(eq(users.id, auth.user.id))
      .for('update');
    await tx.update(users).set({ headPortrait, updatedAt: ctx.now() }).where(eq(users.id, auth.user.id));
    return row?.headPortrait ?? '';
  });
  accountChanged(ctx, auth.user.id);
  if (previous !== headPortrait) await removeAvatar(ctx, previous);
  return headPortrait;
}

/** Changes what was sent of nickname and signature; answers both as stored. */
export async function editProfile(
  ctx: AppContext,
  auth: Auth,
  input: { nickname?: string; signature?: string },
): Promise<{ nickname: string; signature: string }> {
  const [row] = await ctx.db
    .update(users)
    .set({
      ...(input.nickname !== undefined && { nickname: input.nickname }),
      ...(input.signature !== undefined && { signature: input.signature }),
      updatedAt: ctx.now(),
    })
    .where(eq(users.id, auth.user.id))
    .returning({ nickname: users.nickname, signature: users.signature });
  accountChanged(ctx, auth.user.id);
  if (!row) throw new AppError('not_found', { status: 404 });
  return row;
}

/** Turns "stay logged in" on or off for every session of the account, from the next request on. */
export async function setStayLoggedIn(
  ctx: AppContext,
  auth: Auth,
  on: boolean,
): Promise<{ stay_logged_in: boolean; idle_minutes: number }> {
  await ctx.db.update(users).set({ stayLoggedIn: on, updatedAt: ctx.now() }).where(eq(users.id, auth.user.id));
  accountChanged(ctx, auth.user.id);
  const minutes = on ? Math.round(ctx.config.sessionIdleDays * 24 * 60) : ctx.config.sessionShortIdleMinutes;
  return { stay_logged_in: on, idle_minutes: minutes };
}
