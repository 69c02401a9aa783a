// `npm run bench:lighthouse`: Lighthouse 12 mobile performance (its default: Moto G Power
// emulation, simulated slow 4G and 4x CPU throttling) of home and the market page, served from a
// fresh production build by the real server in demo mode. Three runs per page with an empty
// profile each; prints the medians and their ratios to the targets of DESIGN.md and exits non-zero
// when a median misses one.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { root, run } from '../scripts/build.mjs';
import { startTestServer } from '../server/src/testing/serve';
import { CHROMIUM } from '../tests/e2e/support/browser';
import { moduleRace } from './lantern-race';
import { median } from './stats';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const MAX_RETRIES = 3;
const ALL_PAGES = [
  { name: 'home', hash: '', minScore: 95, maxLcpMs: 1_800, maxCls: 0.02 },
  { name: 'market', hash: '#/pages/market/market', minScore: 90, maxLcpMs: Infinity, maxCls: 0.02 },
];
/**
 * `LIGHTHOUSE_REPORTS=<dir>` keeps each run's full JSON report there, to see what made a figure,
 * and its trace (`<page>-<run>.trace.json`, opens in the DevTools performance panel).
 */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
/**
 * `LIGHTHOUSE_THROTTLING=devtools` applies the same phone throttling in Chromium instead of
 * simulating it (Lighthouse's `throttlingMethod`): slower and noisier, but its FCP and LCP are
 * paints Chromium observed on the throttled page, so Lantern's module-script race (below) does not
 * enter them. The targets are those of the default, simulated run.
 */
const THROTTLING = process.env.LIGHTHOUSE_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
/** `LIGHTHOUSE_PAGES=home` measures one page. */
const PAGES = ALL_PAGES.filter(
  (p) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(p.name),
);

const outDir = join(root, 'node_modules', '.cache', 'bench-lighthouse');
await rm(outDir, { recursive: true, force: true });
await run(
  process.execPath,
  [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
  { env: { ...process.env, NODE_ENV: 'production' } },
);

const server = await startTestServer({ distDir: outDir, mode: 'demo' });
let failed = false;
try {
  for (const target of PAGES) {
    const runs: Array<{ score: number; fcp: number; lcp: number; cls: number; tbt: number; moduleKb: number }> = [];
    for (let i = 0, retries = 0; i < RUNS; i++) {
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      try {
        const result = await lighthouse(`${server.url}/h5/${target.hash}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          throttlingMethod: THROTTLING,
        });
        if (!result) throw new Error('Lighthouse returned no result');
        const { lhr } = result;
        if (REPORTS) {
          await mkdir(REPORTS, { recursive: true });
          await writeFile(join(REPORTS, `${target.name}-${i + 1}.json`), JSON.stringify(lhr));
          await writeFile(join(REPORTS, `${target.name}-${i + 1}.trace.json`), JSON.stringify(result.artifacts.Trace));
        }
        // A trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the
        // page: that run is made again, a few times at most.
        if (lhr.runtimeError && retries < MAX_RETRIES) {
          retries++;
          console.log(`${target.name} run ${i + 1}: ${lhr.runtimeError.code}, running it again`);
          i--;
          continue;
        }
        if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const lcpError = lhr.audits['largest-contentful-paint']?.errorMessage;
        if (lcpError) throw new Error(`Lighthouse could not measure LCP: ${lcpError}`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const race = moduleRace(lhr);
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          cls: audit('cumulative-layout-shift'),
          tbt: audit('total-blocking-time'),
          moduleKb: race.scriptKbBeforePaint,
        });
        const last = runs.at(-1)!;
        console.log(
          `${target.name} run ${i + 1}: score ${last.score}, FCP ${last.fcp.toFixed(0)} ms, LCP ${last.lcp.toFixed(0)} ms, CLS ${last.cls.toFixed(3)}, TBT ${last.tbt.toFixed(0)} ms; ` +
            (THROTTLING === 'devtools'
              ? 'throttling applied in Chromium'
              : `first paint observed at ${race.observedPaintMs.toFixed(0)} ms, ` +
                (race.scriptsBeforePaint > 0
                  ? `when ${race.scriptsBeforePaint} module script(s) of ${race.scriptKbBeforePaint.toFixed(0)} KB had loaded, which the simulated FCP counts`
                  : 'before any module script had loaded')),
        );
      } finally {
        chrome.kill();
      }
    }
    const score = median(runs.map((r) => r.score));
    const lcp = median(runs.map((r) => r.lcp));
    const cls = median(runs.map((r) => r.cls));
    const fcp = median(runs.map((r) => r.fcp));
    const tbt = median(runs.map((r) => r.tbt));
    const ok = score >= target.minScore && lcp <= target.maxLcpMs && cls <= target.maxCls;
    failed ||= !ok;
    console.log(
      `${target.name} median of ${RUNS}: performance ${score} (ratio ${(score / target.minScore).toFixed(3)} to ${target.minScore}), ` +
        `FCP ${fcp.toFixed(0)} ms, LCP ${lcp.toFixed(0)} ms` +
        (Number.isFinite(target.maxLcpMs)
          ? ` (ratio ${(lcp / target.maxLcpMs).toFixed(3)} to ${target.maxLcpMs})`
          : '') +
        `, CLS ${cls.toFixed(3)}, TBT ${tbt.toFixed(0)} ms ${ok ? '(within)' : '(MISSED)'}; ` +
        (THROTTLING === 'devtools'
          ? 'throttling applied in Chromium'
          : `module scripts loaded before each run's observed paint: ${runs.map((r) => r.moduleKb.toFixed(0)).join(', ')} KB (bench/lantern-race.ts)`),
    );
  }
} finally {
  await server.close();
}
if (failed) process.exit(1);
