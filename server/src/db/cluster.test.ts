import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteFromTemplate } from '../testing/template';
import { openDatabase } from './client';

// `npm start` fills a new data folder with a copy of the cluster the server build made
// (dist-server/pglite-cluster); here a cluster folder made from the test template stands in.
let root: string;
let cluster: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'h5-cluster-'));
  cluster = join(root, 'cluster');
  const made = await openPgliteFromTemplate(cluster);
  await made.close();
}, 60_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

type Opened = Awaited<ReturnType<typeof openDatabase>>;
const firstRow = async (db: Opened, query: ReturnType<typeof sql>) =>
  ((await db.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0];

describe('new data folder from the prebuilt cluster', () => {
  it('starts as a copy, keeps what was written across a reopen, and leaves the cluster as it was', async () => {
    const dataDir = join(root, 'data-a');
    const clusterFiles = (await readdir(join(cluster, 'base'), { recursive: true })).length;
    const first = await openDatabase({ dataDir, pgliteCluster: cluster });
    try {
      await first.migrate();
      await first.db.execute(sql`CREATE TABLE start_note (id int)`);
      await first.db.execute(sql`INSERT INTO start_note VALUES (1)`);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, 'pglite.partial'))).toBe(false);
    const again = await openDatabase({ dataDir, pgliteCluster: cluster });
    try {
      expect(await firstRow(again, sql`SELECT count(*)::int AS n FROM start_note`)).toEqual({ n: 1 });
    } finally {
      await again.close();
    }
    const untouched = await openDatabase({ dataDir: join(root, 'data-b'), pgliteCluster: cluster });
    try {
      expect(await firstRow(untouched, sql`SELECT to_regclass('start_note') AS t`)).toEqual({ t: null });
    } finally {
      await untouched.close();
    }
    expect((await readdir(join(cluster, 'base'), { recursive: true })).length).toBe(clusterFiles);
  }, 60_000);

  it('replaces a copy a killed start left half done', async () => {
    const dataDir = join(root, 'data-c');
    await mkdir(join(dataDir, 'pglite.partial', 'base'), { recursive: true });
    await writeFile(join(dataDir, 'pglite.partial', 'PG_VERSION'), '17\n');
    const db = await openDatabase({ dataDir, pgliteCluster: cluster });
    try {
      await db.migrate();
      expect(await firstRow(db, sql`SELECT 1 AS one`)).toEqual({ one: 1 });
    } finally {
      await db.close();
    }
    expect(existsSync(join(dataDir, 'pglite.partial'))).toBe(false);
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 60_000);
});
