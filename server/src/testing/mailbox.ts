import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devMail } from '../db/schema/index';

/**
 * The code of the newest development-mailbox message to `to` (an email or `+<area><number>`)
 * that carries one (alerts carry none).
 */
export async function latestCode(db: Db, to: string): Promise<string> {
  const [row] = await db
    .select({ code: devMail.code })
    .from(devMail)
    .where(and(eq(devMail.to, to), ne(devMail.code, '')))
    .orderBy(desc(devMail.sentAt), desc(devMail.id))
    .limit(1);
  if (!row) throw new Error(`no mail to ${to}`);
  return row.code;
}
