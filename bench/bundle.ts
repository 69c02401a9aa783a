// `npm run bench:bundle`: the JavaScript a phone really loads on a cold first visit of home,
// against the 140 KB budget of DESIGN.md. Builds into a scratch directory (dist/ is left alone),
// serves it with the real server, loads home in Chromium at 390 x 844 with an empty profile and
// counts every script the page fetched (from the network log, not from the build's manifest), as
// transferred (brotli, what the server sent) and as gzip level 9 of the same bytes (the budget's
// unit). It also reports the whole first visit including the service worker's precache.
// Exits non-zero when over budget or when an expected chunk group did not load.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BCP47, DEFAULT_LOCALE } from '../contract/domain/locales';
import { root, run } from '../scripts/build.mjs';
import { startTestServer } from '../server/src/testing/serve';
import { launch, PHONE } from '../tests/e2e/support/browser';

const BUDGET_KB = 140;
const FIRST_VISIT_BUDGET_KB = 700;
const SETTLE_MS = 4_000;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
}
type Manifest = Record<string, Chunk>;

/** Groups a cold home load must fetch; a missing one means the measurement is wrong. */
const EXPECTED: Array<[string, (key: string, chunk: Chunk) => boolean]> = [
  ['entry', (_key, chunk) => chunk.isEntry === true],
  ['home page', (key) => key === 'src/routes/pages/index/index.tsx'],
  [`${DEFAULT_LOCALE} shell catalog`, (key) => key === `src/locales/${DEFAULT_LOCALE}/shell.po`],
  [`${DEFAULT_LOCALE} antd-mobile locale`, (key) => key.endsWith(`antd-mobile/es/locales/${BCP47[DEFAULT_LOCALE]}.js`)],
  ['service worker registration', (key) => key.includes('/workbox-window/')],
];

const outDir = join(root, 'node_modules', '.cache', 'bench-bundle');
await rm(outDir, { recursive: true, force: true });
await run(
  process.execPath,
  [
    join(root, 'node_modules/vite/bin/vite.js'),
    'build',
    '--manifest',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ],
  { env: { ...process.env, NODE_ENV: 'production' } },
);
const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
const sourceOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

interface Fetched {
  url: string;
  file: string;
  type: string;
  transferred: number;
  fromWorker: boolean;
}

const server = await startTestServer({ distDir: outDir, mode: 'demo' });
const browser = await launch();
const fetched: Fetched[] = [];
try {
  const context = await browser.newContext(PHONE);
  context.on('requestfinished', (request) => {
    void request.sizes().then((sizes) => {
      const url = new URL(request.url());
      fetched.push({
        url: request.url(),
        file: url.pathname.replace(/^\/h5\//, ''),
        type: request.resourceType(),
        transferred: sizes.responseBodySize + sizes.responseHeadersSize,
        fromWorker: request.serviceWorker() !== null,
      });
    });
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/h5/`, { waitUntil: 'load' });
  // Home is ready when its quotes are; then give the worker time to precache.
  await page
    .locator('[data-testid="home-quotes"] [data-symbol], [data-symbol]')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch((error: unknown) => console.warn(`warning: home quotes did not show: ${String(error)}`));
  await page.waitForTimeout(SETTLE_MS);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}

const pageScripts = fetched.filter((f) => !f.fromWorker && f.file.endsWith('.js') && f.type === 'script');
const seen = new Set<string>();
let gzipTotal = 0;
let transferredTotal = 0;
const rows: Array<[number, string]> = [];
for (const script of pageScripts) {
  if (seen.has(script.file)) continue;
  seen.add(script.file);
  const gzip = gzipSync(await readFile(join(outDir, script.file)), { level: 9 }).length;
  gzipTotal += gzip;
  transferredTotal += script.transferred;
  const source = sourceOf.get(script.file) ?? '?';
  rows.push([
    gzip,
    `  ${(gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(script.transferred / 1024).toFixed(1).padStart(7)} KB sent  ${script.file}  (${source})`,
  ]);
}
console.log(
  rows
    .sort((a, b) => b[0] - a[0])
    .map((r) => r[1])
    .join('\n'),
);

const missing = EXPECTED.filter(
  ([, matches]) =>
    ![...seen].some((file) => {
      const key = sourceOf.get(file);
      return key !== undefined && matches(key, manifest[key]!);
    }),
).map(([label]) => label);

const firstVisit = fetched.reduce((sum, f) => sum + f.transferred, 0) / 1024;
const byWorker = fetched.filter((f) => f.fromWorker).reduce((sum, f) => sum + f.transferred, 0) / 1024;
const kb = gzipTotal / 1024;
console.log(
  `first route: ${seen.size} scripts, ${kb.toFixed(1)} KB gzip (level 9), ${(transferredTotal / 1024).toFixed(1)} KB transferred`,
);
console.log(
  `first visit, everything the page and its service worker fetched: ${firstVisit.toFixed(1)} KB transferred (${byWorker.toFixed(1)} KB by the worker)`,
);
console.log(`budget ${BUDGET_KB} KB: ratio ${(kb / BUDGET_KB).toFixed(3)} ${kb <= BUDGET_KB ? '(within)' : '(OVER)'}`);
console.log(
  `first visit budget ${FIRST_VISIT_BUDGET_KB} KB: ratio ${(firstVisit / FIRST_VISIT_BUDGET_KB).toFixed(3)} ${firstVisit <= FIRST_VISIT_BUDGET_KB ? '(within)' : '(OVER)'}`,
);
if (missing.length > 0) console.error(`expected chunk groups not loaded: ${missing.join(', ')}`);
if (kb > BUDGET_KB || firstVisit > FIRST_VISIT_BUDGET_KB || missing.length > 0) process.exit(1);
