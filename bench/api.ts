// `npm run bench:api`: requests per second of GET /api/getSiteConfig through the real app (buildApp
// on in-memory PGlite, every plugin and hook) as a ratio to a bare Fastify route answering the same
// body, measured in the same run. Rounds alternate between the two so drift hits both alike.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 2;
const CONNECTIONS = 10;

const servers = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./api-servers.ts', import.meta.url))],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const ready = await new Promise<{ app: string; bare: string; body: unknown }>((resolve, reject) => {
  servers.once('exit', (code) => reject(new Error(`server process exited ${code}`)));
  createInterface({ input: servers.stdout }).once('line', (line) => resolve(JSON.parse(line)));
});

async function rps(base: string, duration: number): Promise<number> {
  const result = await autocannon({
    url: `${base}/api/getSiteConfig`,
    connections: CONNECTIONS,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${base}: ${result.non2xx} non-2xx replies, ${result.errors} errors`);
  }
  return result.requests.average;
}

try {
  console.log(`reply body: ${JSON.stringify(ready.body)}`);
  // Warm up both (JIT, connection pools, PGlite caches) before anything is counted.
  await rps(ready.bare, 2);
  await rps(ready.app, 2);
  const bare: number[] = [];
  const app: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    bare.push(await rps(ready.bare, DURATION_S));
    app.push(await rps(ready.app, DURATION_S));
    console.log(`round ${round}: bare ${bare.at(-1)!.toFixed(0)} req/s, app ${app.at(-1)!.toFixed(0)} req/s`);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const bareRps = mean(bare);
  const appRps = mean(app);
  console.log(`bare Fastify route:  ${bareRps.toFixed(0)} req/s`);
  console.log(`/api/getSiteConfig: ${appRps.toFixed(0)} req/s`);
  console.log(`ratio app/bare: ${(appRps / bareRps).toFixed(3)} (${CONNECTIONS} connections, ${ROUNDS} x ${DURATION_S} s each, loopback)`);
} finally {
  servers.kill('SIGTERM');
}
