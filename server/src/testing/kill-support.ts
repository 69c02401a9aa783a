// The real server (`load-server.ts`) in a child process for the `kill -9` tests: start it, wait for
// it to exit, open what a killed one left, and run a test on a PGlite folder or a scratch
// PostgreSQL database.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openPglite, type Database } from '../db/client';
import { openPostgres } from '../db/postgres';
import { scriptArgs } from './compiled';
import { postgresTemplate } from './databases';

const SERVER = fileURLToPath(new URL('./load-server.ts', import.meta.url));

export interface Started {
  child: ChildProcess;
  app: string;
  users: { id: number; token: string }[];
}

/**
 * Starts the server on `target` (`pglite:<dir>` or a PostgreSQL URL) with `users` funded users;
 * `env` adds the rest of its settings (ROLE, REDIS_URL, REDIS_PREFIX: see load-server.ts).
 */
export async function startServer(target: string, users: number, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, await scriptArgs(SERVER), {
    env: { ...process.env, ...env, TARGET: target, USERS: String(users) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, ...(JSON.parse(line) as Omit<Started, 'child'>) });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)));
  });
}

/**
 * Runs the TypeScript `script` in a child process with `env` until it prints the line `wanted`;
 * then kills it with SIGKILL (`kill`) or waits for its exit. Resolves with what it printed.
 */
export async function runUntil(script: string, env: Record<string, string>, wanted: string, kill: boolean) {
  const child = spawn(process.execPath, await scriptArgs(script), {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').includes(wanted)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before "${wanted}": ${out}`)));
  });
  if (kill) child.kill('SIGKILL');
  await exited(child);
  return out;
}

/** Resolves once the child has exited (by a signal too: its `exitCode` stays null then). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  );

/** The database a killed server left; a PGlite folder's stale lock is waited out. */
export async function openAfterKill(target: string): Promise<Database> {
  if (!target.startsWith('pglite:')) return openPostgres(target, () => undefined);
  const dir = join(target.slice('pglite:'.length), 'pglite');
  // The killed process could not remove its lock; it goes stale after proper-lockfile's 10 s.
  for (let attempt = 0; ; attempt++) {
    try {
      return await openPglite(dir);
    } catch (err) {
      if (!(err instanceof DataDirLockedError) || attempt > 40) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Runs `test` on a fresh PGlite data folder, removed afterwards. */
export async function onPgliteFolder(test: (target: string) => Promise<unknown>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'h5-kill-'));
  try {
    await test(`pglite:${dir}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `test` on a scratch database created on the PostgreSQL of `adminUrl` (a copy of the
 * migrated template, so the server it starts has nothing to migrate), dropped afterwards.
 */
export async function onScratchPostgres(adminUrl: string, test: (target: string) => Promise<unknown>): Promise<void> {
  const name = `h5_kill_${randomBytes(4).toString('hex')}`;
  const template = await postgresTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await test(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}
