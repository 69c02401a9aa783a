// `npm run bench:cluster`: spot limit orders over HTTP through nginx (`deploy/nginx/h5.conf`) to two
// `api` processes and one `worker` on PostgreSQL and Redis, beside one `all` process on a database
// of its own in the same run: orders/s, p50, p99 and the ratio (goal: at least 0.8 of the single
// process on this 2-core machine, where more processes only add hops). Then failover, FAILOVERS
// times: with two workers, `kill -9` of the one owning BTC/USDT while a client keeps ordering on it
// (retrying with the same key on 503): the time until an order is answered again (goal: p99 under
// 10 s) and that every acknowledged order is stored. Needs PostgreSQL (DATABASE_URL or the local
// one), Redis (REDIS_URL or the local one) and nginx. BENCH_SECONDS, BENCH_CONNECTIONS adjust it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { postgresCopy } from '../server/src/testing/databases';
import { startNginx } from '../server/src/testing/nginx';
import { orders, type Figure } from './order-load';
import { quantile } from './stats';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const FAILOVERS = Number(process.env.FAILOVERS ?? 3);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BTC_USDT = 1;

interface Started {
  child: ChildProcess;
  app: string;
  users: { id: number; token: string }[];
}

/** The real app in a process of its own (`server/src/testing/load-server.ts`). */
async function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/testing/load-server.ts'], {
    env: { ...process.env, USERS: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server process exited ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  child.removeAllListeners('exit');
  return { child, ...(JSON.parse(line) as Omit<Started, 'child'>) };
}

const stop = (p: Started, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill(signal);
  });

async function measure(url: string, users: Started['users']): Promise<Figure> {
  await orders(url, users, 2, CONNECTIONS);
  return orders(url, users, SECONDS, CONNECTIONS);
}

const show = (f: Figure) => `${f.perSecond.toFixed(0)}/s, p50 ${f.p50} ms, p99 ${f.p99} ms`;

async function single(): Promise<Figure> {
  const db = await postgresCopy(ADMIN_URL);
  const p = await start({ TARGET: db.url, USERS: '32' });
  try {
    return await measure(`${p.app}/api/coin/trade`, p.users);
  } finally {
    await stop(p);
    await db.drop();
  }
}

/** The worker process whose lease holds BTC/USDT (lease owners are `<host>-<pid>-<random>`). */
async function ownerOfBtc(url: string, workers: Started[]): Promise<Started> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ owner: string }>(
        'SELECT owner FROM spot_pair_leases WHERE pair_id = $1 AND expires_at > now()',
        [BTC_USDT],
      );
      const found = workers.find((w) => rows[0]?.owner.includes(`-${w.child.pid}-`));
      if (found) return found;
      await new Promise((done) => setTimeout(done, 100));
    }
  } finally {
    await client.end();
  }
}

/** One order on BTC/USDT through the proxy, retried under its key on 503 until answered: its id. */
async function orderUntilAnswered(proxy: string, token: string): Promise<number> {
  const key = randomUUID();
  for (;;) {
    const res = await fetch(`${proxy}/api/coin/trade`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
      body: 'currency_id=1&legal_id=3&side=buy&type=limit&amount=0.0001&target_price=90000',
    }).catch(() => undefined);
    const body = res?.ok ? ((await res.json()) as { type: string; message: { id: number } }) : undefined;
    if (body?.type === 'ok') return body.message.id;
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function failovers(url: string, proxy: string, env: Record<string, string>, workers: Started[], token: string) {
  const times: number[] = [];
  const acked: number[] = [];
  for (let i = 0; i < FAILOVERS; i++) {
    workers.push(await start({ ...env, ROLE: 'worker' }));
    await new Promise((done) => setTimeout(done, 3_000));
    const victim = await ownerOfBtc(url, workers);
    acked.push(await orderUntilAnswered(proxy, token));
    const killedAt = performance.now();
    await stop(victim, 'SIGKILL');
    workers.splice(workers.indexOf(victim), 1);
    acked.push(await orderUntilAnswered(proxy, token));
    times.push(performance.now() - killedAt);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM spot_orders WHERE id = ANY($1)', [
    acked,
  ]);
  await client.end();
  if (Number(rows[0]?.n) !== acked.length) throw new Error(`${acked.length} orders acknowledged, ${rows[0]?.n} stored`);
  return times;
}

async function cluster(): Promise<{ figure: Figure; failover: number[] }> {
  const db = await postgresCopy(ADMIN_URL);
  const env = { TARGET: db.url, REDIS_URL, REDIS_PREFIX: `bench-${randomUUID().slice(0, 8)}:` };
  const workers = [await start({ ...env, ROLE: 'worker', USERS: '32' })];
  const apis = [await start({ ...env, ROLE: 'api' }), await start({ ...env, ROLE: 'api' })];
  const proxy = await startNginx(apis.map((a) => new URL(a.app).host));
  try {
    const figure = await measure(`${proxy.url}/api/coin/trade`, workers[0]!.users);
    const failover = await failovers(db.url, proxy.url, env, workers, workers[0]!.users[0]!.token);
    return { figure, failover };
  } finally {
    await proxy.stop();
    await Promise.all([...apis, ...workers].map((p) => stop(p)));
    await db.drop();
  }
}

const before = loadavg()[0]!;
const one = await single();
const many = await cluster();
console.log(`one \`all\` process: ${show(one)}`);
console.log(`nginx, 2 api processes, 1 worker: ${show(many.figure)}`);
const ratio = many.figure.perSecond / one.perSecond;
console.log(`ratio ${ratio.toFixed(3)} (goal at least 0.8: ${ratio >= 0.8 ? 'met' : 'MISSED'})`);
const p99 = quantile(many.failover, 0.99);
console.log(
  `failover after kill -9 of BTC/USDT's worker: ${many.failover.map((t) => (t / 1000).toFixed(1)).join(', ')} s; ` +
    `p99 ${(p99 / 1000).toFixed(1)} s (goal under 10 s: ${p99 < 10_000 ? 'met' : 'MISSED'}); no acknowledged order lost`,
);
console.log(`load average ${before.toFixed(2)} before, ${loadavg()[0]!.toFixed(2)} after`);
process.exit(0);
