// Builds the PWA into dist/ when a source changed since the last build. Shared by `npm start`
// and the browser tests, so both serve what the sources say without rebuilding needlessly.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const distDir = join(root, 'dist');
/**
 * Outside dist/ so the server never serves it and a partial build never looks complete. Named
 * after the checkout, so checkouts sharing one node_modules never take another's build as theirs.
 */
const checkout = createHash('sha256').update(root).digest('hex').slice(0, 12);
const stampFile = join(root, 'node_modules', '.cache', `h5-build-stamp-${checkout}`);

/** Inputs of the PWA bundle. Catalogs compiled by `lingui compile` are outputs, not inputs. */
const SOURCES = ['src', 'public', 'contract', 'index.html', 'vite.config.ts', 'lingui.config.ts', 'package-lock.json'];
const GENERATED = /[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.m?js$|\.test\.tsx?$/;

/**
 * Newest modification time of the files under `path`. Runs at every `npm start`: the directory
 * entries' types spare one stat per folder and per missing path.
 */
function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return GENERATED.test(path) ? 0 : stat.mtimeMs;
  return newestInFolder(path);
}

function newestInFolder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestInFolder(path));
    else if (!GENERATED.test(path)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Why a build is needed, or null when dist/ is up to date. */
export function staleReason() {
  if (!existsSync(join(distDir, 'index.html')) || !existsSync(join(distDir, 'sw.js'))) {
    return 'dist/ is missing';
  }
  if (!existsSync(stampFile)) return 'no record of the last build';
  const built = statSync(stampFile).mtimeMs;
  for (const source of SOURCES) {
    if (newestMtime(join(root, source)) > built) return `${source} changed since the last build`;
  }
  return null;
}

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${signal ?? code}`)),
    );
  });
}

const bin = (pkg, file) => join(root, 'node_modules', pkg, file);

/** Runs `vite build`; Lingui's Vite plugin compiles the .po catalogs as they are imported. */
export async function build({ stdio = 'inherit' } = {}) {
  const started = Date.now();
  // Test runners set NODE_ENV=test, which would give a development build (and no service worker).
  const env = { ...process.env, NODE_ENV: 'production' };
  await run(process.execPath, [bin('vite', 'bin/vite.js'), 'build'], { stdio, env });
  // Dated at the start, so a source saved while the build ran still counts as newer.
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, new Date(started).toISOString());
  utimesSync(stampFile, started / 1000, started / 1000);
}

export async function buildIfNeeded(options) {
  const reason = staleReason();
  if (!reason) return false;
  console.log(`Building the PWA (${reason})…`);
  await build(options);
  return true;
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  await buildIfNeeded().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
