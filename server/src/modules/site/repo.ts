import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema/index';

export async function publicSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.key, key), eq(settings.public, true)))
    .limit(1);
  return row?.value;
}

export async function settingsByKey(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  return new Map(rows.map((r) => [r.key, r.value]));
}
