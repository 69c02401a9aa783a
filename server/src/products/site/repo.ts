import { and, eq } from 'drizzle-orm';
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

const SETTINGS_TTL_MS = 5_000;
const settingsCache = new WeakMap<Db, { at: number; values: Promise<Map<string, string>> }>();

/**
 * Every setting, kept for a few seconds: site config is read on every app start by every user,
 * changes rarely, and a short lifetime keeps several server processes in step without signalling.
 */
export function cachedSettings(db: Db, now: number): Promise<Map<string, string>> {
  const hit = settingsCache.get(db);
  if (hit && now - hit.at < SETTINGS_TTL_MS) return hit.values;
  const values = db
    .select()
    .from(settings)
    .then((rows) => new Map(rows.map((r) => [r.key, r.value])));
  // A failed read must not be served from the cache.
  values.catch(() => settingsCache.delete(db));
  settingsCache.set(db, { at: now, values });
  return values;
}
