import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfNeeded, distDir } from '../../../scripts/build.mjs';
import { startTestServer } from '../../../server/src/testing/serve';

export interface RunningApp {
  /** Origin of the server, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The PWA's start URL. */
  home: string;
  close(): Promise<void>;
}

/**
 * The real server (demo mode, fresh data directory, free port) serving a build of the PWA. Builds
 * first when dist/ is missing or older than the sources (`npm test` has built it already).
 */
export async function startApp(options: { distDir?: string } = {}): Promise<RunningApp> {
  if (!options.distDir) await buildIfNeeded();
  const server = await startTestServer({ distDir: options.distDir ?? distDir, mode: 'demo' });
  const url = server.url.replace(/\/$/, '');
  return { url, home: `${url}/h5/`, close: () => server.close() };
}

/** A private copy of the build that a test may change (for example to publish a "newer" version). */
export async function copyOfDist(): Promise<{ dir: string; remove(): Promise<void> }> {
  await buildIfNeeded();
  const dir = await mkdtemp(join(tmpdir(), 'h5-dist-'));
  await cp(distDir, dir, { recursive: true });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export async function tempDir(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
