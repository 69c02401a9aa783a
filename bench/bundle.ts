// `npm run bench:bundle`: gzipped JavaScript the first route loads, against the 170 KB budget of
// DESIGN.md. Builds with a Vite manifest into a scratch directory (dist/ is left alone), then counts
// the entry scripts and modulepreloads of index.html, the home page chunk with its static imports,
// what the home page imports on mount, the default locale's catalogs (needed before any text
// renders) and the service worker registration. Lazy is not free: whatever every start loads counts.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BCP47, DEFAULT_LOCALE } from '../contract/domain/locales';
import { root, run } from '../scripts/build.mjs';

const BUDGET_KB = 170;
const HOME_PAGE = 'src/routes/pages/index/index.tsx';

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, Chunk>;

const outDir = join(root, 'node_modules', '.cache', 'bench-bundle');
await rm(outDir, { recursive: true, force: true });
await run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--manifest',
  '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { env: { ...process.env, NODE_ENV: 'production' } });

const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const html = await readFile(join(outDir, 'index.html'), 'utf8');

/** Files under the base path, e.g. "/h5/assets/index-abc.js" → "assets/index-abc.js". */
const fromHtml = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((m) => m[1]!.replace(/^\/h5\//, ''));

/** A manifest entry with its static imports, which load with it. */
function withImports(key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) withImports(dep, into);
}

const files = new Map<string, string>(fromHtml.map((f) => [f, 'index.html']));
const homeDynamic = new Set(manifest[HOME_PAGE]?.dynamicImports ?? []);
const groups: Array<[string, (key: string) => boolean]> = [
  ['home page', (key) => key === HOME_PAGE],
  ['home page, on mount', (key) => homeDynamic.has(key)],
  [`${DEFAULT_LOCALE} catalogs`, (key) => key.includes(`/locales/${DEFAULT_LOCALE}/`) ||
    key.endsWith(`contract/messages/${DEFAULT_LOCALE}.ts`) ||
    key.endsWith(`antd-mobile/es/locales/${BCP47[DEFAULT_LOCALE]}.js`)],
  ['service worker registration', (key) => key.includes('/workbox-window/')],
];
for (const [label, matches] of groups) {
  const keys = Object.keys(manifest).filter(matches);
  if (keys.length === 0) console.warn(`warning: no chunk found for the ${label}`);
  const set = new Set<string>();
  for (const key of keys) withImports(key, set);
  for (const file of set) if (!files.has(file)) files.set(file, label);
}

let total = 0;
const byGroup = new Map<string, number>();
const rows: Array<[number, string]> = [];
for (const [file, origin] of files) {
  if (!file.endsWith('.js')) continue;
  const bytes = gzipSync(await readFile(join(outDir, file)), { level: 9 }).length;
  total += bytes;
  byGroup.set(origin, (byGroup.get(origin) ?? 0) + bytes);
  rows.push([bytes, `  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}  (${origin})`]);
}
console.log(rows.sort((a, b) => b[0] - a[0]).map((r) => r[1]).join('\n'));
for (const [group, bytes] of byGroup) console.log(`${(bytes / 1024).toFixed(1).padStart(9)} KB  ${group}`);
// What must arrive before the home screen can paint, versus everything its first load pulls in.
const critical = ['index.html', 'home page', `${DEFAULT_LOCALE} catalogs`]
  .reduce((sum, group) => sum + (byGroup.get(group) ?? 0), 0) / 1024;
console.log(`before first render: ${critical.toFixed(1)} KB, ratio ${(critical / BUDGET_KB).toFixed(3)} to the budget`);
const kb = total / 1024;
console.log(`first route JavaScript: ${kb.toFixed(1)} KB gzipped (level 9), ${files.size} files`);
console.log(`budget ${BUDGET_KB} KB: ratio ${(kb / BUDGET_KB).toFixed(3)} ${kb <= BUDGET_KB ? '(within)' : '(OVER)'}`);
process.exitCode = kb <= BUDGET_KB ? 0 : 1;
