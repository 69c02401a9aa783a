import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import type { Listener } from '../db/listen';
import { settings } from '../db/schema/index';
import type { Tx } from '../ledger/types';

/**
 * Product terms the back office may change while the engines run (seconds durations, futures
 * parameters, the maker's quoting). Each is one row of `settings` (not public) holding
 * `{"v": version, "value": …}`; the engines read the value from memory, synchronously, on every
 * use, so a change applies to the next order without a restart.
 *
 * The values live in this module, one copy per process. Each app loads them at start
 * (`loadLiveSettings`, defaults where no row exists); a save applies its own value at once and
 * announces the key (`live_setting`), on which every process re-reads the row
 * (`followLiveSettings`), and a process whose notification connection came back reads them all
 * (`reloadLiveSettings`). A value is applied only over an older version, so saves that finish out
 * of order never leave an older value in memory.
 */
export interface LiveSetting<T> {
  readonly key: string;
  readonly schema: z.ZodType<T>;
  readonly defaults: T;
  /** The value in force. */
  get(): T;
  version(): number;
}

interface Slot {
  setting: LiveSetting<unknown>;
  value: unknown;
  version: number;
}

const slots = new Map<string, Slot>();

export const LIVE_SETTING_CHANNEL = 'live_setting';

/** Declares a live setting (at module load; the key is its `settings` row). */
export function liveSetting<T>(key: string, schema: z.ZodType<T>, defaults: T): LiveSetting<T> {
  const setting: LiveSetting<T> = {
    key,
    schema,
    defaults,
    get: () => (slots.get(key)?.value ?? defaults) as T,
    version: () => slots.get(key)?.version ?? 0,
  };
  slots.set(key, { setting: setting as LiveSetting<unknown>, value: defaults, version: 0 });
  return setting;
}

interface Stored<T> {
  v: number;
  value: T;
}

/** Told when a stored row does not parse or fails its schema; the defaults are used instead. */
export type OnUnreadable = (key: string, problem: unknown) => void;

/**
 * The stored version and value; defaults (version 0) when absent or unreadable. A hand-edited row
 * that does not parse keeps the published defaults rather than failing a start, and is reported.
 */
export function parseStored<T>(
  setting: LiveSetting<T>,
  raw: string | undefined,
  onUnreadable?: OnUnreadable,
): Stored<T> {
  if (raw === undefined) return { v: 0, value: setting.defaults };
  let problem: unknown;
  try {
    const parsed = JSON.parse(raw) as { v?: unknown; value?: unknown };
    const value = setting.schema.safeParse(parsed.value);
    if (typeof parsed.v === 'number' && value.success) return { v: parsed.v, value: value.data };
    problem = value.success ? new Error('the version is not a number') : value.error;
  } catch (error) {
    problem = error;
  }
  onUnreadable?.(setting.key, problem);
  return { v: 0, value: setting.defaults };
}

function apply(key: string, stored: Stored<unknown>, force: boolean): void {
  const slot = slots.get(key);
  if (!slot) return;
  if (!force && stored.v <= slot.version) return;
  slot.value = stored.value;
  slot.version = stored.v;
}

/** Reads every declared setting from the database (a start: defaults where no row exists). */
export async function loadLiveSettings(db: Db, onUnreadable?: OnUnreadable): Promise<void> {
  await readAll(db, true, onUnreadable);
}

/**
 * Reads every declared setting again and applies the newer ones: after the notification
 * connection was lost, a save announced meanwhile reached no one here.
 */
export async function reloadLiveSettings(db: Db, onUnreadable?: OnUnreadable): Promise<void> {
  await readAll(db, false, onUnreadable);
}

async function readAll(db: Db, force: boolean, onUnreadable?: OnUnreadable): Promise<void> {
  const keys = [...slots.keys()];
  const rows = keys.length ? await db.select().from(settings).where(inArray(settings.key, keys)) : [];
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  for (const [key, slot] of slots) apply(key, parseStored(slot.setting, byKey.get(key), onUnreadable), force);
}

async function reload(db: Db, key: string, onUnreadable: OnUnreadable): Promise<void> {
  const slot = slots.get(key);
  if (!slot) return;
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  apply(key, parseStored(slot.setting, row?.value, onUnreadable), false);
}

/** Re-reads a setting whenever any process saved it. */
export async function followLiveSettings(listener: Listener, db: Db, onError: (err: unknown) => void): Promise<void> {
  await listener.listen(LIVE_SETTING_CHANNEL, (key) => {
    reload(db, key, (_key, problem) => onError(problem)).catch(onError);
  });
}

/**
 * Changes a setting in the caller's transaction: the row is locked (created from the defaults
 * first), `change` gets the value in force and returns the new one (throwing refuses the save),
 * the version goes up by one, and the key is announced at commit. Returns before and after;
 * call `applySaved` once the transaction committed.
 */
export async function saveLiveSetting<T>(
  tx: Tx,
  setting: LiveSetting<T>,
  change: (current: T) => T,
  now: Date,
): Promise<{ before: Stored<T>; after: Stored<T> }> {
  await tx
    .insert(settings)
    .values({
      key: setting.key,
      value: JSON.stringify({ v: 0, value: setting.defaults }),
      public: false,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await tx.select().from(settings).where(eq(settings.key, setting.key)).for('update');
  const before = parseStored(setting, row?.value);
  const value = setting.schema.parse(change(before.value));
  const after = { v: before.v + 1, value };
  await tx
    .update(settings)
    .set({ value: JSON.stringify(after), public: false, updatedAt: now })
    .where(eq(settings.key, setting.key));
  await tx.execute(sql`SELECT pg_notify(${LIVE_SETTING_CHANNEL}, ${setting.key})`);
  return { before, after };
}

/** Applies a committed save in this process at once (the announcement may come later). */
export function applySaved<T>(setting: LiveSetting<T>, saved: Stored<T>): void {
  apply(setting.key, saved, false);
}
