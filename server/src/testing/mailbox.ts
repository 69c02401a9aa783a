import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devMail } from '../db/schema/index';

/** The code of the newest development-mailbox message to `to` (an email or `+<area><number>`). */
export async function latestCode(db: Db, to: string): Promise<string> {
  const [row] = await db
    .select({ code: devMail.code })
    .from(devMail)
    .where(eq(devMail.to, to))
    .orderBy(desc(devMail.sentAt), desc(devMail.id))
    .limit(1);
  if (!row) throw new Error(`no mail to ${to}`);
  return row.code;
}
