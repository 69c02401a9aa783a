import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, describe } from 'vitest';
import { openPgliteFromTemplate as openPglite } from '../testing/template';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'h5-lock-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A pid that certainly belongs to no process: one that has just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('data folder lock', () => {
  it('refuses a second opening of the same folder while the first holds it, naming the holder', async () => {
    const dir = join(root, 'pglite');
    const first = await openPglite(dir);
    try {
      const second = openPglite(dir);
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(`in use by process ${process.pid}`);
      await expect(second).rejects.toThrow('Stop the server first');
      const holder = JSON.parse(await readFile(`${dir}.lock.holder.json`, 'utf8')) as { pid: number };
      expect(holder.pid).toBe(process.pid);
    } finally {
      await first.close();
    }
    const again = await openPglite(dir);
    await again.close();
  }, 60_000);

  it('takes over a lock left by a process that is gone', async () => {
    const dir = join(root, 'pglite');
    await mkdir(`${dir}.lock`, { recursive: true });
    await writeFile(
      `${dir}.lock.holder.json`,
      JSON.stringify({ pid: deadPid(), since: '2026-01-01T00:00:00Z', command: 'crashed' }),
    );
    const db = await openPglite(dir);
    try {
      const holder = JSON.parse(await readFile(`${dir}.lock.holder.json`, 'utf8')) as { pid: number };
      expect(holder.pid).toBe(process.pid);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('admin:create refuses a data folder the server holds, and says what to do', async () => {
    const server = await openPglite(join(root, 'pglite'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/cli/admin-create.ts', 'boss@example.com'], {
        env: { ...process.env, DATA_DIR: root, DATABASE_URL: '', APP_MODE: 'demo' },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`is in use by process ${process.pid}`);
      expect(stderr).toContain('Stop the server first');
    } finally {
      await server.close();
    }
  }, 60_000);

  it('takes the lock again when a missed refresh compromised it, and closes without error', async () => {
    const dir = join(root, 'busy');
    const lost: Error[] = [];
    const release = await lockDataDir(dir, (err) => lost.push(err), { staleMs: 2_000, updateMs: 1_000 });
    // What a blocked event loop looks like to proper-lockfile: the lock it refreshes is gone.
    await rm(`${dir}.lock`, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await expect(lockDataDir(dir, () => undefined)).rejects.toBeInstanceOf(DataDirLockedError);
    expect(lost).toEqual([]);
    await release();
    const again = await lockDataDir(dir, () => undefined);
    await again();
  }, 30_000);
});
