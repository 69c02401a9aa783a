// A test's child-process script (a server to kill, a worker, a peer) compiled once as the server
// is bundled, then started by plain node: compiling the server's sources with tsx in every child
// took 10-20 s of a kill test's child, longer than the work it was started for.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const CACHE = join(root, 'node_modules/.cache/test-scripts');
const SOURCES = ['server/src', 'contract', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];

/** Newest modification time under `path`, tests and test support included (they are bundled too). */
function newestMtime(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true }))
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  return newest;
}

interface Bundler {
  bundleScripts(entryPoints: Record<string, string>, outdir: string): Promise<void>;
}

async function compile(file: string): Promise<string> {
  const stamp = SOURCES.map((s) => newestMtime(join(root, s))).join();
  const name = basename(file).replace(/\.ts$/, '');
  const key = createHash('sha256').update(`${file}\n${stamp}`).digest('hex').slice(0, 16);
  const dir = join(CACHE, `${name}-${key}`);
  const entry = join(dir, `${name}.mjs`);
  if (existsSync(entry)) return entry;
  // Built aside and renamed into place: another test process may be compiling the same script.
  const building = `${dir}.${process.pid}`;
  const { bundleScripts } = (await import(join(root, 'scripts/build-server.mjs'))) as Bundler;
  await bundleScripts({ [name]: file }, building);
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  return entry;
}

const compiled = new Map<string, Promise<string>>();

/** The arguments for `spawn(process.execPath, ...)` that run the TypeScript `file` compiled. */
export async function scriptArgs(file: string): Promise<string[]> {
  let entry = compiled.get(file);
  if (!entry) compiled.set(file, (entry = compile(file)));
  return [await entry];
}
