import { and, count, eq, gt, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads, type UploadRow } from '../db/schema/index';

export async function insertUpload(db: Db, values: Omit<UploadRow, 'id'>): Promise<void> {
  await db.insert(uploads).values(values);
}

/** Only the owner's own uploads are found; anyone else gets the same answer as for no file. */
export async function findOwnUpload(db: Db, name: string, ownerId: number): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.name, name), eq(uploads.ownerId, ownerId)))
    .limit(1);
  return row;
}

/** Serializes one owner's uploads until the transaction ends, so quota and rate checks hold. */
export async function lockOwnerUploads(tx: Db, ownerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`uploads:${ownerId}`}))`);
}

export interface OwnerUsage {
  /** Bytes of every stored upload of the owner. */
  storedBytes: number;
  /** Uploads since `since`, and the oldest of them (when the window frees a place). */
  recent: number;
  oldestRecent: Date | null;
}

export async function ownerUsage(db: Db, ownerId: number, since: Date): Promise<OwnerUsage> {
  const [row] = await db
    .select({
      storedBytes: sum(uploads.bytes).mapWith(Number),
      recent: sql<number>`count(*) filter (where ${uploads.createdAt} > ${since.toISOString()}::timestamptz)`.mapWith(
        Number,
      ),
      oldestRecent: sql<
        string | null
      >`min(${uploads.createdAt}) filter (where ${uploads.createdAt} > ${since.toISOString()}::timestamptz)`,
    })
    .from(uploads)
    .where(eq(uploads.ownerId, ownerId));
  return {
    storedBytes: row?.storedBytes ?? 0,
    recent: row?.recent ?? 0,
    oldestRecent: row?.oldestRecent ? new Date(row.oldestRecent) : null,
  };
}

/** Uploads of the owner since `since` (the cheap check before decoding a picture). */
export async function countRecentUploads(db: Db, ownerId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), gt(uploads.createdAt, since)));
  return row?.n ?? 0;
}
