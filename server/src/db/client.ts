import { existsSync } from 'node:fs';
import { cp, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './data-dir-lock';
import { pgliteListener, type Listener } from './listen';
import * as schema from './schema/index';
import { seed } from './seed';

export { schema };

/** The one database type services use, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A database transaction: every ledger write runs inside one, passed in by the caller. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations and inserts missing seed rows; safe to run on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Receives database notifications; `onGap` hears when some may have been missed (the connection
   * was lost), `onResume` when it listens again, so what was built from notifications can be
   * read afresh: what changed during the gap was announced to nobody.
   */
  listener(onGap: (err: Error) => void, onResume?: () => void): Listener;
  /** PGlite only: the whole data directory as a tarball. */
  dump?: () => Promise<Blob>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PostgreSQL's defaults suit a dedicated server (128 MB of shared buffers); the embedded database
 * of one demo holds a few MB, and WebAssembly memory never shrinks once grown.
 */
const PGLITE_MEMORY = [
  ...['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB', '-c', 'temp_buffers=2MB'],
  ...['-c', 'work_mem=2MB', '-c', 'maintenance_work_mem=16MB'],
];

/**
 * Embedded PostgreSQL. Without a directory the database lives in memory (tests); `template`
 * starts a new one from a dump, or from a copy of a cluster folder, instead of running initdb,
 * which is much slower.
 */
export async function openPglite(dataDir?: string, template?: Blob | { clusterDir: string }): Promise<Database> {
  // One process per folder: refuses (DataDirLockedError) while another holds it.
  const unlock = dataDir ? await lockDataDir(dataDir, reportLostLock) : undefined;
  let client: PGlite;
  try {
    if (dataDir && template && !(template instanceof Blob)) await copyCluster(template.clusterDir, dataDir);
    client = new PGlite({
      ...(dataDir ? { dataDir } : {}),
      ...(template instanceof Blob ? { loadDataDir: template } : {}),
      startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY],
    });
    await client.waitReady;
  } catch (err) {
    await unlock?.();
    throw err;
  }
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(db, { migrationsFolder });
      await seed(db as unknown as Db);
    },
    async close() {
      await client.close();
      await unlock?.();
    },
    listener: () => pgliteListener(client),
    dump: () => client.dumpDataDir('none'),
  };
}

/** The lock was removed or refreshed by someone else: another process may now open the folder. */
const reportLostLock = (err: Error) => {
  process.stderr.write(`database: lost the data folder lock: ${err.message}\n`);
};

/**
 * Fills a new data folder (taken under its lock, so still empty) with a copy of a fresh cluster.
 * Copied to a temporary name and renamed, so a start killed halfway leaves no folder that looks
 * like a database; the files go disk to disk, never through memory as a whole.
 */
async function copyCluster(clusterDir: string, dataDir: string): Promise<void> {
  if (existsSync(`${dataDir}/PG_VERSION`) || !existsSync(`${clusterDir}/PG_VERSION`)) return;
  // Anything there but a database is not ours to replace: PGlite decides, as without a cluster.
  if ((await readdir(dataDir)).length > 0) return;
  const partial = `${dataDir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await cp(clusterDir, partial, { recursive: true });
  await rmdir(dataDir);
  await rename(partial, dataDir);
}

/**
 * `pgliteCluster`: a fresh cluster folder (`npm run build` makes one) that a new data folder
 * starts as a copy of, instead of running initdb in the server, which takes seconds and peaks at
 * several hundred MB.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  pgliteCluster?: string;
}): Promise<Database> {
  // The PostgreSQL driver loads only when used: loading it (its runtime check loads Node's fetch)
  // took about 70 ms of the embedded default's start.
  if (opts.databaseUrl) return (await import('./postgres')).openPostgres(opts.databaseUrl);
  return openPglite(`${opts.dataDir}/pglite`, opts.pgliteCluster ? { clusterDir: opts.pgliteCluster } : undefined);
}

/** PostgreSQL's unique-violation code, seen through Drizzle's error wrapper or directly. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
