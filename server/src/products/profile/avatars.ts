import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sharp } from '../../lib/sharp';
import { AVATAR_SIZE, AVATAR_URL_PREFIX } from '@contract/profile';
import type { AppContext } from '../../context';

/** Avatar file names: 32 hex characters of a hash of the private upload they come from. */
export const AVATAR_NAME = /^[a-f0-9]{32}\.webp$/;

export const avatarsDir = (ctx: AppContext) => join(ctx.config.dataDir, 'avatars');

/**
 * The avatar's name for a source upload. The upload's name is 128 random bits nobody but its owner
 * knows, so the avatar's public name reveals nothing and cannot be guessed; the same upload always
 * gives the same name, so a repeated request (an outbox retry) sets the same avatar.
 */
export const avatarNameFor = (uploadName: string) =>
  `${createHash('sha256').update(`avatar:${uploadName}`).digest('hex').slice(0, 32)}.webp`;

/**
 * Writes the square avatar of an (already re-encoded) upload: the centre square, AVATAR_SIZE
 * pixels, WebP. The device crops before uploading; the server still makes it square and small,
 * whatever it was sent. Written under a temporary name and renamed, so a reader never sees half.
 */
export async function writeAvatar(ctx: AppContext, source: Buffer, name: string): Promise<void> {
  const bytes = await (
    await sharp(source, { failOn: 'error' })
  )
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
    .webp({ quality: 85 })
    .toBuffer();
  const dir = avatarsDir(ctx);
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `${name}.${process.pid}.${Date.now()}.tmp`);
  await writeFile(temporary, bytes);
  await rename(temporary, join(dir, name));
}

/** Deletes a replaced avatar file; a head portrait that is not one of ours is left alone. */
export async function removeAvatar(ctx: AppContext, headPortrait: string): Promise<void> {
  if (!headPortrait.startsWith(AVATAR_URL_PREFIX)) return;
  const name = headPortrait.slice(AVATAR_URL_PREFIX.length);
  if (!AVATAR_NAME.test(name)) return;
  await rm(join(avatarsDir(ctx), name), { force: true });
}

/** The bytes of an avatar by its public name, or undefined. */
export async function readAvatar(ctx: AppContext, name: string): Promise<Buffer | undefined> {
  if (!AVATAR_NAME.test(name)) return undefined;
  try {
    return await readFile(join(avatarsDir(ctx), name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
