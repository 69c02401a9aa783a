// `npm run bench:network`: how long a user on a slow phone network waits for the figure they
// opened a tab for (a quote row, the order book, the total balance, the finance offers), served
// by the real server from a fresh production build. Each tab is opened cold (a fresh profile: no
// service worker, no IndexedDB) and warm (the same profile again, still on the slow network), with
// the network and CPU emulation of the DevTools protocol. Per tab it prints the median time to the
// first useful figure, the floor the emulated network allows for the bytes and round trips the
// figure needs (connection, HTML, the scripts and styles that render it, one data reply), their
// ratio, and the requests and bytes seen before the figure (`NETWORK_LIST=1` lists them). Warm, the
// first figure on screen is usually the tab's last screen, painted by index.html from localStorage
// before any module runs (scripts/boot-last-screen.ts); the live page's figure is printed beside it.
// Exits non-zero when a cold median is above 1.5 x its floor or a warm one above 300 ms.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { root, run } from '../scripts/build.mjs';
import { startTestServer } from '../server/src/testing/serve';
import { CHROMIUM, PHONE, skipDemoNotices } from '../tests/e2e/support/browser';
import { latestCode } from '../tests/e2e/support/mailbox';
import { median } from './stats';

/** The slow phone network and CPU every run emulates, in one place. */
export const SLOW_PHONE = { rttMs: 562, downKbps: 1_470, upKbps: 675, cpuSlowdown: 4 } as const;
const RUNS = Number(process.env.NETWORK_RUNS ?? 5);
const COLD_GOAL = 1.5;
const WARM_GOAL_MS = 300;

interface Tab {
  name: string;
  hash: string;
  /** The first useful figure: an element matching this, drawn, with a digit in its text. */
  figure: string;
  signedIn?: boolean;
}
const ALL_TABS: Tab[] = [
  { name: 'home', hash: '', figure: '[data-testid="home-quotes"] [data-testid="quote-row"]' },
  { name: 'market', hash: '#/pages/market/market', figure: '[data-testid="quote-row"]' },
  { name: 'trade', hash: '#/pages/transaction/index', figure: '[data-testid="bid-level"]' },
  { name: 'assets', hash: '#/pages/fund/assets', figure: '[data-testid="total-fiat"]', signedIn: true },
  { name: 'finance', hash: '#/pages/financial/index', figure: '[data-testid="finance-lock"]' },
];
/** `NETWORK_LIST=1` prints what each cold run fetched before its figure. */
const LIST = process.env.NETWORK_LIST === '1';
/** `NETWORK_TABS=market,trade` measures some tabs. */
const TABS = ALL_TABS.filter((t) => !process.env.NETWORK_TABS || process.env.NETWORK_TABS.split(',').includes(t.name));

/** One response as the protocol saw it. */
interface Seen {
  type: string;
  url: string;
  startedAt: number;
  finishedAt?: number;
  bytes: number;
}

interface Reading {
  /** The first figure on screen: the live page's, or the last screen's (warm). */
  ms: number;
  /** The live page's figure, drawn by the app in its root. */
  liveMs: number;
  /** When the app's first commit removed a last screen that had been shown, if one was. */
  goneMs: number | null;
  floorMs: number;
  requests: number;
  bytes: number;
}

/**
 * Records in the page when the figure is first drawn (ms since navigation start): anywhere
 * (`__figureAt`: the last screen counts once index.html shows it, which it does by lifting its
 * container's `hidden` once its style sheets have loaded) and in the app's root (`__liveFigureAt`).
 * Plain source text: a function passed to the page would be serialized as tsx compiled it, with
 * helper calls (`__name`) the page does not have.
 */
const watchFigure = (selector: string): string => `(() => {
  const selector = ${JSON.stringify(selector)};
  const drawn = (el) => /\\d/.test(el.textContent || '') && el.getBoundingClientRect().height > 0;
  const check = () => {
    // The last screen went: the app's first commit removes it (its page may draw its figure later).
    if (window.__figureAt !== undefined && !document.getElementById('last-screen')) window.__lastScreenGoneAt ??= performance.now();
    for (const el of document.querySelectorAll(selector)) {
      if (!drawn(el)) continue;
      window.__figureAt ??= performance.now();
      if (el.closest('#root')) {
        window.__liveFigureAt = performance.now();
        observer.disconnect();
        return;
      }
    }
  };
  const observer = new MutationObserver(check);
  document.addEventListener('readystatechange', check);
  observer.observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['hidden'],
  });
})();`;

async function emulate(page: Page): Promise<{ cdp: CDPSession; seen: Map<string, Seen> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.rttMs,
    downloadThroughput: (SLOW_PHONE.downKbps * 1000) / 8,
    uploadThroughput: (SLOW_PHONE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
  const seen = new Map<string, Seen>();
  cdp.on('Network.requestWillBeSent', (e) => {
    seen.set(e.requestId, { type: e.type ?? 'Other', url: e.request.url, startedAt: e.timestamp, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = seen.get(e.requestId);
    if (s) Object.assign(s, { finishedAt: e.timestamp, bytes: e.encodedDataLength });
  });
  return { cdp, seen };
}

/**
 * The floor for a figure: four round trips (connection, HTML, its scripts and styles fetched in
 * parallel, one data reply) and the bytes of the document, scripts, styles and the largest data
 * reply seen before it, at the emulated bandwidth.
 */
function floorOf(before: Seen[]): number {
  const code = before.filter((s) => ['Document', 'Script', 'Stylesheet'].includes(s.type));
  const data = before.filter((s) => ['Fetch', 'XHR'].includes(s.type)).map((s) => s.bytes);
  const bytes = code.reduce((n, s) => n + s.bytes, 0) + Math.max(0, ...data);
  return 4 * SLOW_PHONE.rttMs + (bytes * 8) / SLOW_PHONE.downKbps;
}

async function openOnce(context: BrowserContext, url: string, tab: Tab, settle = false): Promise<Reading> {
  const page = await context.newPage();
  await page.addInitScript({ content: watchFigure(tab.figure) });
  const { cdp, seen } = await emulate(page);
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page
    .waitForFunction(
      () => {
        const at = window as unknown as { __figureAt?: number; __liveFigureAt?: number; __lastScreenGoneAt?: number };
        return at.__liveFigureAt !== undefined && [at.__figureAt!, at.__liveFigureAt, at.__lastScreenGoneAt ?? null];
      },
      null,
      { timeout: 120_000, polling: 250 },
    )
    .catch(async (error: unknown) => {
      const shot = join(outDir, `${tab.name}-timeout.png`);
      await page.screenshot({ path: shot });
      throw new Error(`${tab.name}: no figure (${tab.figure}) within 120 s; the page is in ${shot}`, { cause: error });
    });
  const [ms, liveMs, goneMs] = (await handle.jsonValue()) as [number, number, number | null];
  const start = Math.min(...[...seen.values()].map((s) => s.startedAt));
  const figureAt = start + ms / 1000;
  const before = [...seen.values()].filter((s) => s.startedAt <= figureAt);
  const finished = before.filter((s) => s.finishedAt !== undefined && s.finishedAt <= figureAt);
  // A second visit meets the service worker in charge and the replies it cached: its install
  // fetches the precache on the same slow network, which can take longer than the figure did.
  if (settle) {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await new Promise((r) => setTimeout(r, 3_000));
  }
  await cdp.detach();
  await page.close();
  if (LIST) listBefore(tab, before, Math.min(...before.map((s) => s.startedAt)), ms);
  return {
    ms,
    liveMs,
    goneMs,
    floorMs: floorOf(finished),
    requests: before.length,
    bytes: finished.reduce((n, s) => n + s.bytes, 0),
  };
}

function listBefore(tab: Tab, before: Seen[], start: number, ms: number) {
  console.log(`${tab.name}: figure at ${ms.toFixed(0)} ms after`);
  for (const s of [...before].sort((a, b) => a.startedAt - b.startedAt)) {
    const at = (t?: number) => (t === undefined ? '-' : ((t - start) * 1000).toFixed(0).padStart(6));
    console.log(
      `  ${at(s.startedAt)} ${at(s.finishedAt)} ${s.type.padEnd(10)} ${String(s.bytes).padStart(7)} ${s.url}`,
    );
  }
}

/** A session for the signed-in tabs, registered through the demo mailbox. */
async function signUp(base: string): Promise<{ token: string; user: unknown }> {
  const post = async (path: string, body: Record<string, string>) => {
    const res = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': randomUUID() },
      body: new URLSearchParams({ ...body, lang: 'en' }),
    });
    const reply = (await res.json()) as { type: string; message: unknown };
    if (reply.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(reply)}`);
    return reply.message;
  };
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  await post('/sms_mail', { user_string: email, type: 'email', scene: 'register' });
  const code = await latestCode(base, email);
  const password = 'correct horse 1';
  return (await post('/user/register', {
    user_string: email,
    code,
    password,
    re_password: password,
    type: 'email',
  })) as {
    token: string;
    user: unknown;
  };
}

async function freshContext(session: { token: string; user: unknown } | null) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext(PHONE);
  await skipDemoNotices(context);
  await context.addInitScript(
    ([token, user]) => {
      if (localStorage.getItem('h5Version') !== null) return;
      localStorage.setItem('h5Version', '1');
      localStorage.setItem('lang', JSON.stringify('en'));
      if (token) {
        localStorage.setItem('token', JSON.stringify(token));
        localStorage.setItem('user', JSON.stringify(user));
      }
    },
    [session?.token ?? null, session?.user ?? null] as const,
  );
  return { browser, context };
}

/** Cold then warm, in one fresh profile. */
async function measure(home: string, tab: Tab, session: { token: string; user: unknown } | null) {
  const { browser, context } = await freshContext(tab.signedIn ? session : null);
  try {
    const cold = await openOnce(context, `${home}${tab.hash}`, tab, true);
    const warm = await openOnce(context, `${home}${tab.hash}`, tab);
    return { cold, warm };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

function report(tab: Tab, colds: Reading[], warms: Reading[]): boolean {
  const cold = median(colds.map((r) => r.ms));
  const floor = median(colds.map((r) => r.floorMs));
  const warm = median(warms.map((r) => r.ms));
  const warmLive = median(warms.map((r) => r.liveMs));
  const gone = warms.map((r) => r.goneMs).filter((ms) => ms !== null);
  const shown =
    gone.length === 0
      ? 'no last screen'
      : `last screen in ${gone.length}/${warms.length} runs, until ${(median(gone) / 1000).toFixed(2)} s`;
  const ratio = cold / floor;
  const requests = median(colds.map((r) => r.requests));
  const bytes = median(colds.map((r) => r.bytes));
  const ok = ratio <= COLD_GOAL && warm <= WARM_GOAL_MS;
  console.log(
    `${tab.name.padEnd(8)} cold ${(cold / 1000).toFixed(2)} s, floor ${(floor / 1000).toFixed(2)} s, ` +
      `ratio ${ratio.toFixed(2)} (goal ${COLD_GOAL}), ${requests} requests, ${kb(bytes)} before it; ` +
      `warm ${warm.toFixed(0)} ms (goal ${WARM_GOAL_MS}), live page ${(warmLive / 1000).toFixed(2)} s (${shown})${ok ? '' : '  MISSED'}`,
  );
  return ok;
}

// A folder of its own: node_modules may be shared between work trees that run this at once.
const outDir = await mkdtemp(join(tmpdir(), 'bench-network-'));
await run(
  process.execPath,
  [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
  { env: { ...process.env, NODE_ENV: 'production' } },
);
const server = await startTestServer({ distDir: outDir, mode: 'demo' });
let failed = false;
try {
  const home = `${server.url}/h5/`;
  const session = TABS.some((t) => t.signedIn) ? await signUp(server.url) : null;
  console.log(
    `Emulation: ${SLOW_PHONE.rttMs} ms round trip, ${SLOW_PHONE.downKbps} kbit/s down, ${SLOW_PHONE.upKbps} kbit/s up, ` +
      `CPU ${SLOW_PHONE.cpuSlowdown}x slower; median of ${RUNS} fresh profiles per tab`,
  );
  for (const tab of TABS) {
    const colds: Reading[] = [];
    const warms: Reading[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { cold, warm } = await measure(home, tab, session);
      colds.push(cold);
      warms.push(warm);
    }
    if (!report(tab, colds, warms)) failed = true;
  }
} finally {
  await server.close();
}
// A run that threw never comes here: the folder keeps the build and the page's screenshot.
await rm(outDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
