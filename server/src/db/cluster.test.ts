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

const countNotes = async (db: Awaited<ReturnType<typeof openDatabase>>) =>
  (await db.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM start_note`)).rows[0]?.n;

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
      expect(await countNotes(again)).toBe(1);
    } finally {
      await again.close();
    }
    const untouched = await openDatabase({ dataDir: join(root, 'data-b'), pgliteCluster: cluster });
    try {
      const table = await untouched.db.execute(sql`SELECT to_regclass('start_note') AS t`);
      expect(table.rows[0]).toEqual({ t: null });
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
      const one = await db.db.execute<{ one: number }>(sql`SELECT 1 AS one`);
      expect(one.rows[0]?.one).toBe(1);
    } finally {
      await db.close();
    }
    expect(existsSync(join(dataDir, 'pglite.partial'))).toBe(false);
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  }, 60_000);
});
