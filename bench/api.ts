// `npm run bench:api`: requests per second of signed-in `/user/info` and `/wallet/list` and public
// `/currency/quotation_new` through the real app (buildApp with every plugin and hook, logging at
// info as in production, a real session token), as ratios to a bare Fastify route measured in the
// same run, on in-memory PGlite and, with DATABASE_URL, on PostgreSQL. Short rounds alternate
// between the bare route and the app, and the figure is the median of the rounds' ratios: this
// machine's speed drifts by a fifth within seconds, which a ratio of two long means (measured
// seconds apart) took in full. The servers first settle after their start (the market maker's
// first quotes, the JIT). Exits non-zero below a goal.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { median } from './stats';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
/** Seconds between the servers' start and the first measurement. */
const SETTLE_S = 5;
const CONNECTIONS = 10;
/** A folder: the servers' process then writes a CPU profile there (node --cpu-prof) when it stops. */
const PROFILE_DIR = process.env.BENCH_PROFILE;
/** Comma-separated target names (`/wallet/list`) to measure only those. */
const ONLY_TARGETS = process.env.BENCH_TARGETS?.split(',');

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  auth: boolean;
  goal?: number;
}
const TARGETS: Target[] = [
  { name: '/user/info', method: 'GET', path: '/api/user/info', auth: true, goal: 0.5 },
  { name: '/wallet/list', method: 'POST', path: '/api/wallet/list', auth: true, goal: 0.25 },
  { name: '/currency/quotation_new', method: 'GET', path: '/api/currency/quotation_new', auth: false },
];

interface Servers {
  app: string;
  bare: string;
  token: string;
  stop(): Promise<void>;
}

async function startServers(database: string): Promise<Servers> {
  const child = spawn(
    process.execPath,
    [
      ...(PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : []),
      '--import',
      'tsx',
      fileURLToPath(new URL('./api-servers.ts', import.meta.url)),
      database,
    ],
    // The servers log to their standard output as in production; here that is /dev/null, and
    // they say they are ready over the IPC channel.
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  const ready = await new Promise<{ app: string; bare: string; token: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server process exited ${code}`)));
    child.once('message', (message) => resolve(message as { app: string; bare: string; token: string }));
  });
  // Waits for the exit, so a profile is written before the next database's servers start.
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    ...ready,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function rps(
  url: string,
  duration: number,
  request: { method: 'GET' | 'POST'; headers?: Record<string, string> },
) {
  const result = await autocannon({
    url,
    method: request.method,
    headers: request.headers ?? {},
    ...(request.method === 'POST' ? { body: '' } : {}),
    connections: CONNECTIONS,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx replies, ${result.errors} errors`);
  }
  return result.requests.average;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function measure(database: string, label: string): Promise<boolean> {
  const servers = await startServers(database);
  let ok = true;
  try {
    const bare = { method: 'GET' as const };
    await sleep(SETTLE_S * 1000);
    await rps(servers.bare, 2, bare);
    for (const target of TARGETS.filter((t) => !ONLY_TARGETS || ONLY_TARGETS.includes(t.name))) {
      const request = {
        method: target.method,
        headers: { ...(target.auth ? { authorization: servers.token } : {}), 'accept-encoding': 'gzip, br' },
      };
      const url = `${servers.app}${target.path}`;
      await rps(url, 2, request);
      const bareRps: number[] = [];
      const appRps: number[] = [];
      const ratios: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        bareRps.push(await rps(servers.bare, DURATION_S, bare));
        appRps.push(await rps(url, DURATION_S, request));
        ratios.push(appRps[round]! / bareRps[round]!);
      }
      const ratio = median(ratios);
      const verdict =
        target.goal === undefined
          ? ''
          : ratio >= target.goal
            ? ` (goal ${target.goal}: met)`
            : ` (goal ${target.goal}: MISSED)`;
      if (target.goal !== undefined && ratio < target.goal) ok = false;
      console.log(
        `${label} ${target.name}: ${mean(appRps).toFixed(0)} req/s, bare ${mean(bareRps).toFixed(0)} req/s, ratio ${ratio.toFixed(3)} (median; rounds ${ratios.map((r) => r.toFixed(2)).join(' ')})${verdict}`,
      );
    }
  } finally {
    await servers.stop();
  }
  return ok;
}

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${CONNECTIONS} connections, ${ROUNDS} x ${DURATION_S} s per figure, loopback`,
);
const only = process.env.BENCH_DATABASES?.split(',');
let ok = true;
if (!only || only.includes('pglite')) ok = (await measure('pglite', '[pglite]')) && ok;
if (process.env.DATABASE_URL && (!only || only.includes('postgres'))) {
  ok = (await measure(process.env.DATABASE_URL, '[postgres]')) && ok;
} else if (!process.env.DATABASE_URL) {
  console.log('[postgres] skipped: set DATABASE_URL to measure on PostgreSQL too');
}
process.exitCode = ok ? 0 : 1;
