import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { inspectImage, reencodeImage } from './image';
import { countRecentUploads, findOwnUpload, insertUpload, lockOwnerUploads, ownerUsage } from './repo';

export const UPLOAD_URL_PREFIX = '/api/upload/';
/** Server-made names only: 128 random bits and the extension of the detected type. */
export const UPLOAD_NAME = /^[A-Za-z0-9_-]{22}\.(jpg|png|webp)$/;

export const uploadsDir = (ctx: AppContext) => join(ctx.config.dataDir, 'uploads');

const HOUR_MS = 3_600_000;
const MB = 1024 * 1024;
export const DEFAULT_UPLOAD_QUOTA_BYTES = 100 * MB;
export const DEFAULT_UPLOADS_PER_HOUR = 30;

function uploadLimits(ctx: AppContext) {
  return {
    quotaBytes: ctx.config.uploadQuotaBytes ?? DEFAULT_UPLOAD_QUOTA_BYTES,
    perHour: ctx.config.uploadsPerHour ?? DEFAULT_UPLOADS_PER_HOUR,
  };
}

const rateLimited = (oldestRecent: Date | null, now: Date) =>
  new AppError('upload_rate_limited', {
    values: {
      minutes: Math.max(1, Math.ceil(((oldestRecent?.getTime() ?? now.getTime()) + HOUR_MS - now.getTime()) / 60_000)),
    },
  });

/**
 * Stores an image for its owner: checked by its bytes, decoded and encoded again (see
 * `reencodeImage`), then written under a server-made name. Each owner has a storage quota and an
 * hourly upload rate (`UPLOAD_QUOTA_MB`, `UPLOADS_PER_HOUR`), checked under a per-owner lock so
 * parallel uploads cannot pass them together.
 */
export async function storeUpload(ctx: AppContext, ownerId: number, bytes: Buffer): Promise<string> {
  const limits = uploadLimits(ctx);
  // Refuse before decoding: the decoding is the expensive part a flood would aim at.
  if ((await countRecentUploads(ctx.db, ownerId, new Date(ctx.now().getTime() - HOUR_MS))) >= limits.perHour) {
    const usage = await ownerUsage(ctx.db, ownerId, new Date(ctx.now().getTime() - HOUR_MS));
    throw rateLimited(usage.oldestRecent, ctx.now());
  }
  const inspected = await inspectImage(bytes);
  const image = await reencodeImage(bytes, inspected);
  const name = `${randomBytes(16).toString('base64url')}.${inspected.ext}`;
  const dir = uploadsDir(ctx);
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await lockOwnerUploads(db, ownerId);
    const now = ctx.now();
    const usage = await ownerUsage(db, ownerId, new Date(now.getTime() - HOUR_MS));
    if (usage.recent >= limits.perHour) throw rateLimited(usage.oldestRecent, now);
    if (usage.storedBytes + image.bytes.length > limits.quotaBytes) {
      throw new AppError('upload_quota_exceeded', { values: { mb: Number((limits.quotaBytes / MB).toFixed(1)) } });
    }
    await writeFile(path, image.bytes, { flag: 'wx' });
    try {
      await insertUpload(db, {
        name,
        ownerId,
        mime: inspected.mime,
        bytes: image.bytes.length,
        width: image.width,
        height: image.height,
        createdAt: now,
      });
    } catch (err) {
      await rm(path, { force: true });
      throw err;
    }
  });
  return UPLOAD_URL_PREFIX + name;
}

export async function readOwnUpload(ctx: AppContext, name: string, ownerId: number) {
  if (!UPLOAD_NAME.test(name)) return undefined;
  const row = await findOwnUpload(ctx.db, name, ownerId);
  if (!row) return undefined;
  return { mime: row.mime, bytes: await readFile(join(uploadsDir(ctx), name)) };
}
