// Compiles the server ahead of time (esbuild bundles server/src/main.ts with the contract and the
// packages it uses into dist-server/main.mjs and its chunks), so `npm start` does not compile
// TypeScript at every start. Rebuilt when a server or contract source changed since the last bundle.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverDir = join(root, 'dist-server');
export const serverEntry = join(serverDir, 'main.mjs');
/** A fresh embedded-database cluster that new data folders start from (see server/src/db/client.ts). */
export const pgliteCluster = join(serverDir, 'pglite-cluster');
/** The demo catalogue's NFT media, rendered here once so that no request renders them (server/src/products/nft/media-files.ts). */
export const nftMediaDir = join(serverDir, 'nft-media');

const SOURCES = ['server/src', 'contract', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];
const SKIPPED = /\.test\.ts$|[\\/]testing[\\/]/;

/** Newest modification time of the sources under `path` (as in scripts/build.mjs, run at every start). */
function newestMtime(path) {
  const stat = SKIPPED.test(path) ? undefined : statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (SKIPPED.test(child)) continue;
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(child) : statSync(child).mtimeMs);
  }
  return newest;
}

/** Why the server bundle must be rebuilt, or null when it is up to date. */
export function serverStaleReason() {
  if (!existsSync(serverEntry)) return 'dist-server/ is missing';
  if (!existsSync(join(pgliteCluster, 'PG_VERSION'))) return 'no embedded database cluster';
  if (!existsSync(nftMediaDir)) return 'no NFT demo media';
  const built = statSync(serverEntry).mtimeMs;
  for (const source of SOURCES) {
    if (newestMtime(join(root, source)) > built) return `${source} changed since the last server build`;
  }
  return null;
}

/**
 * Each module keeps its own `import.meta.url`, so paths it resolves next to itself (migrations,
 * the PWA's dist/) are the same as when run from source.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(b) {
    b.onLoad({ filter: /[\\/](server[\\/]src|contract)[\\/].*\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * Packages left in node_modules, loaded by Node as they are. Every other package is bundled: Node
 * then reads, decodes and compiles a few large files instead of resolving and loading about a
 * thousand small ones (a third less start time). These stay out because they find files next to
 * their own code (the embedded database's WebAssembly and data, libvips, Swagger UI's pages,
 * pino's worker), are optional native helpers, or load only when configured (Redis).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'sharp',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'ioredis',
  '@socket.io/redis-adapter',
  '@zxcvbn-ts/*',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
];

/**
 * Bundled CommonJS code requires Node's built-in modules; an ES module has no `require` of its own.
 * Each output file gets one made for its place.
 */
const REQUIRE_BANNER =
  "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);";

/**
 * A single character outside ASCII (a package's comment is enough) makes V8 keep a module's whole
 * source as two bytes per character, and a bundled module's source is megabytes. esbuild writes
 * strings, templates, regular expressions and names in ASCII already; what is left is in comments,
 * where an escape reads as well.
 */
function escapeNonAscii(dir) {
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.mjs')) continue;
    const path = join(dir, file);
    const source = readFileSync(path, 'utf8');
    if (!/[\u0080-\uffff]/.test(source)) continue;
    const escaped = source.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    writeFileSync(path, escaped);
  }
}

/** The cluster depends only on the PGlite version: made again when the lockfile changed. */
function buildClusterIfNeeded() {
  const lock = join(root, 'package-lock.json');
  const made = join(pgliteCluster, 'PG_VERSION');
  if (existsSync(made) && statSync(made).mtimeMs > statSync(lock).mtimeMs) return;
  mkdirSync(serverDir, { recursive: true });
  // Earlier builds kept the cluster as an archive that the server unpacked in memory.
  rmSync(`${pgliteCluster}.tar.gz`, { force: true });
  const run = spawnSync(process.execPath, [join(root, 'scripts/pglite-cluster.mjs'), pgliteCluster], {
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`making the embedded database cluster failed (${run.signal ?? run.status})`);
}

/** `outdir`: another folder than dist-server/ (the bundle's test); it must be inside the repository,
 *  where the packages left out of the bundle resolve. */
export async function buildServer({ outdir = serverDir } = {}) {
  buildClusterIfNeeded();
  await bundleScripts(
    { main: join(root, 'server/src/main.ts'), 'nft-media': join(root, 'server/src/cli/nft-media.ts') },
    outdir,
  );
  if (outdir === serverDir) renderNftMedia();
}

/**
 * Bundles TypeScript entry points as the server is bundled, into `outdir` (inside the repository).
 * The tests run their child-process servers from such a bundle: compiling the server's sources
 * with tsx in every child took longer than the child's work.
 */
export async function bundleScripts(entryPoints, outdir) {
  // Loaded only to build: importing esbuild cost `npm start` 0.2 s on every start.
  const { build, stop } = await import('esbuild');
  mkdirSync(outdir, { recursive: true });
  // Chunks of an older build would pile up next to the new ones.
  for (const file of readdirSync(outdir)) if (/\.mjs(\.map)?$/.test(file)) rmSync(join(outdir, file));
  await build({
    entryPoints,
    outdir,
    // What main.ts imports on demand (the app) becomes a chunk loaded when asked for, so the
    // database can start opening before the app's packages load.
    splitting: true,
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: REQUIRE_BANNER },
    alias: { '@contract': join(root, 'contract') },
    tsconfig: join(root, 'tsconfig.json'),
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [keepModuleUrls],
  });
  // esbuild keeps a service process for further builds; `npm start` would carry it along.
  stop();
  escapeNonAscii(outdir);
}

/** Renders the demo media that are missing (made again from scratch when their renderer changed). */
function renderNftMedia() {
  const renderer = ['media.ts', 'webm.ts'].map((f) => statSync(join(root, 'server/src/products/nft', f)).mtimeMs);
  const made = statSync(nftMediaDir, { throwIfNoEntry: false });
  if (made && made.mtimeMs < Math.max(...renderer)) rmSync(nftMediaDir, { recursive: true, force: true });
  const run = spawnSync(process.execPath, [join(serverDir, 'nft-media.mjs'), '--demo', nftMediaDir], {
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`rendering the NFT demo media failed (${run.signal ?? run.status})`);
}

export async function buildServerIfNeeded() {
  const reason = serverStaleReason();
  if (!reason) return false;
  console.log(`Building the server (${reason})…`);
  await buildServer();
  return true;
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  await buildServer().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
