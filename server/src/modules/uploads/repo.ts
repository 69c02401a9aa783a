import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads, type UploadRow } from '../../db/schema/index';

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
