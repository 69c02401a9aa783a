import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../context';
import { inspectImage } from './image';
import { findOwnUpload, insertUpload } from './repo';

export const UPLOAD_URL_PREFIX = '/api/upload/';
/** Server-made names only: 128 random bits and the extension of the detected type. */
export const UPLOAD_NAME = /^[A-Za-z0-9_-]{22}\.(jpg|png|webp)$/;

export const uploadsDir = (ctx: AppContext) => join(ctx.config.dataDir, 'uploads');

export async function storeUpload(ctx: AppContext, ownerId: number, bytes: Buffer): Promise<string> {
  const image = await inspectImage(bytes);
  const name = `${randomBytes(16).toString('base64url')}.${image.ext}`;
  const dir = uploadsDir(ctx);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, name), bytes, { flag: 'wx' });
  await insertUpload(ctx.db, {
    name,
    ownerId,
    mime: image.mime,
    bytes: bytes.length,
    width: image.width,
    height: image.height,
    createdAt: ctx.now(),
  });
  return UPLOAD_URL_PREFIX + name;
}

export async function readOwnUpload(ctx: AppContext, name: string, ownerId: number) {
  if (!UPLOAD_NAME.test(name)) return undefined;
  const row = await findOwnUpload(ctx.db, name, ownerId);
  if (!row) return undefined;
  return { mime: row.mime, bytes: await readFile(join(uploadsDir(ctx), name)) };
}
