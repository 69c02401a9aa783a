import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder, openPglite, type Database } from '../db/client';
import { SEED_SETTINGS } from '../db/seed';

/** The template is valid for exactly these migrations and seed rows. */
export async function templateKey(): Promise<string> {
  const hash = createHash('sha256').update(JSON.stringify(SEED_SETTINGS));
  for (const name of (await readdir(migrationsFolder)).sort()) {
    if (name.endsWith('.sql')) hash.update(name).update(await readFile(join(migrationsFolder, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite data directory, made once and kept in the temp dir: starting from it takes
 * under a second where initdb takes several, and every test file opens a database.
 */
export async function pgliteTemplate(): Promise<Blob | undefined> {
  const file = join(tmpdir(), `h5-pglite-template-${await templateKey()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const database = await openPglite();
    await database.migrate();
    const dump = await database.dump?.();
    await database.close();
    if (!dump) return undefined;
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  }
}

/**
 * The template as a cluster folder, made once beside it: a data folder starts as a copy of it
 * (files copied disk to disk), where unpacking the tarball into a folder took several times longer.
 */
async function pgliteClusterTemplate(): Promise<string | undefined> {
  const dir = join(tmpdir(), `h5-pglite-cluster-${await templateKey()}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  const template = await pgliteTemplate();
  if (!template) return undefined;
  const partial = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    const database = await openPglite(partial, template);
    await database.close();
    await rename(partial, dir);
  } catch {
    // Another process made it first (the rename found the folder), or the template did not load.
    await rm(partial, { recursive: true, force: true });
  }
  return existsSync(join(dir, 'PG_VERSION')) ? dir : undefined;
}

/** A migrated PGlite, in memory or in `dataDir`, started from the template when it loads. */
export async function openPgliteFromTemplate(dataDir?: string): Promise<Database> {
  if (dataDir && !existsSync(join(dataDir, 'PG_VERSION'))) {
    const clusterDir = await pgliteClusterTemplate();
    if (clusterDir) {
      try {
        return await openPglite(dataDir, { clusterDir });
      } catch {
        // A cluster left by another PGlite version: start from the tarball below instead.
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }
  const template = await pgliteTemplate();
  try {
    return await openPglite(dataDir, template);
  } catch (err) {
    // A template written by another PGlite version: start from scratch instead.
    if (!template) throw err;
    return openPglite(dataDir);
  }
}
