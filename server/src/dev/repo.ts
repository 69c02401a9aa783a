import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devMail, type DevMailRow } from '../db/schema/index';

/** Newest first; without an address, the latest messages to anyone. */
export async function listMail(db: Db, to: string | undefined, limit = 50): Promise<DevMailRow[]> {
  const query = db.select().from(devMail);
  const filtered = to ? query.where(eq(devMail.to, to)) : query;
  return filtered.orderBy(desc(devMail.sentAt), desc(devMail.id)).limit(limit);
}

/** The newest message of each address, newest first: older codes are dead and only clutter the page. */
export async function latestMailPerAddress(db: Db, limit = 50): Promise<DevMailRow[]> {
  const latest = db
    .selectDistinctOn([devMail.to])
    .from(devMail)
    .orderBy(devMail.to, desc(devMail.sentAt), desc(devMail.id))
    .as('latest');
  return db.select().from(latest).orderBy(desc(latest.sentAt), desc(latest.id)).limit(limit);
}
