// `npm run bench:network`: how long a user on a slow phone network waits for the figure they
// opened a tab for (a quote row, the order book, the total balance, the finance offers), served
// by the real server from a fresh production build. Each tab is opened cold (a fresh profile: no
// service worker, no IndexedDB) and warm (the same profile again, still on the slow network), with
// the network and CPU emulation of the DevTools protocol. Per tab it prints the median time to the
// first useful figure, the floor the emulated network allows for the bytes and round trips the
// figure needs (connection, HTML, the scripts and styles that render it, one data reply), their
// ratio, and the requests and bytes seen before the figure. Exits non-zero when a cold median is
// above 1.5 x its floor or a warm one above 300 ms.
import { mkdir, rm } from 'node:fs/promises';
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
  ms: number;
  floorMs: number;
  requests: number;
  bytes: number;
}

/**
 * Records in the page when the figure is first drawn (ms since navigation start). Plain source
 * text: a function passed to the page would be serialized as tsx compiled it, with helper calls
 * (`__name`) the page does not have.
 */
const watchFigure = (selector: string): string => `(() => {
  const selector = ${JSON.stringify(selector)};
  const check = () => {
    if (window.__figureAt !== undefined) return;
    for (const el of document.querySelectorAll(selector)) {
      if (/\\d/.test(el.textContent || '') && el.getBoundingClientRect().height > 0) {
        window.__figureAt = performance.now();
        observer.disconnect();
        return;
      }
    }
  };
  const observer = new MutationObserver(check);
  document.addEventListener('readystatechange', check);
  observer.observe(document, { subtree: true, childList: true, characterData: true });
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

async function openOnce(context: BrowserContext, url: string, tab: Tab): Promise<Reading> {
  const page = await context.newPage();
  await page.addInitScript({ content: watchFigure(tab.figure) });
  const { cdp, seen } = await emulate(page);
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page
    .waitForFunction(() => (window as unknown as { __figureAt?: number }).__figureAt, null, {
      timeout: 120_000,
      polling: 250,
    })
    .catch(async (error: unknown) => {
      const shot = join(outDir, `${tab.name}-timeout.png`);
      await page.screenshot({ path: shot });
      throw new Error(`${tab.name}: no figure (${tab.figure}) within 120 s; the page is in ${shot}`, { cause: error });
    });
  const ms = (await handle.jsonValue()) as number;
  const start = Math.min(...[...seen.values()].map((s) => s.startedAt));
  const figureAt = start + ms / 1000;
  const before = [...seen.values()].filter((s) => s.startedAt <= figureAt);
  const finished = before.filter((s) => s.finishedAt !== undefined && s.finishedAt <= figureAt);
  await cdp.detach();
  await page.close();
  return {
    ms,
    floorMs: floorOf(finished),
    requests: before.length,
    bytes: finished.reduce((n, s) => n + s.bytes, 0),
  };
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
    const cold = await openOnce(context, `${home}${tab.hash}`, tab);
    // The service worker and the cached replies in place, as on a second visit.
    await new Promise((r) => setTimeout(r, 3_000));
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
  const ratio = cold / floor;
  const requests = median(colds.map((r) => r.requests));
  const bytes = median(colds.map((r) => r.bytes));
  const ok = ratio <= COLD_GOAL && warm <= WARM_GOAL_MS;
  console.log(
    `${tab.name.padEnd(8)} cold ${(cold / 1000).toFixed(2)} s, floor ${(floor / 1000).toFixed(2)} s, ` +
      `ratio ${ratio.toFixed(2)} (goal ${COLD_GOAL}), ${requests} requests, ${kb(bytes)} before it; ` +
      `warm ${warm.toFixed(0)} ms (goal ${WARM_GOAL_MS})${ok ? '' : '  MISSED'}`,
  );
  return ok;
}

const outDir = join(root, 'node_modules', '.cache', 'bench-network');
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
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
process.exit(failed ? 1 : 0);
