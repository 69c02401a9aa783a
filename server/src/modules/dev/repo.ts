import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devMail, type DevMailRow } from '../../db/schema/index';

/** Newest first; without an address, the latest messages to anyone. */
export async function listMail(db: Db, to: string | undefined, limit = 50): Promise<DevMailRow[]> {
  const query = db.select().from(devMail);
  const filtered = to ? query.where(eq(devMail.to, to)) : query;
  return filtered.orderBy(desc(devMail.sentAt), desc(devMail.id)).limit(limit);
}
