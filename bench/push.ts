// `npm run bench:push`: one system announcement to 10,000 subscriptions, delivered by the outbox
// worker (web-push: aes128gcm encryption per subscription, VAPID) from an in-memory PGlite database
// to the local HTTPS fake push service (server/src/testing/fake-push-service.ts, in a process of its
// own: it decrypts every payload and verifies its VAPID token, as a push service would). Measured:
// deliveries per second from queuing the announcement (one insert) until the outbox is empty,
// beside the same number of bare HTTPS POSTs of the same size to that service (answered at once,
// nothing checked) over the same kind of keep-alive agent and concurrency; the ratio is printed.
// BENCH_SUBS changes the number of subscriptions, BENCH_CONCURRENCY the requests in flight (64).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:https';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { openPglite } from '../server/src/db/client';
import type { FakeSubscription } from '../server/src/testing/fake-push-service';
import { notifyUsers } from '../server/src/push/notify';
import { PushWorker } from '../server/src/push/worker';
import { pushTexts } from '../server/src/push/texts';
import { PUSH_RENDERERS } from '../server/src/wiring';

const SUBS = Number(process.env.BENCH_SUBS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const CHUNK = 1_000;
const LOCALES = ['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa'];

// The push service and its subscriptions (not timed).
const child = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./push-service.ts', import.meta.url))],
  {
    env: { ...process.env, BENCH_SUBS: String(SUBS) },
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
const nextLine = async <T>() => JSON.parse((await lines.next()).value as string) as T;
const { origin, ca, subs } = await nextLine<{ origin: string; ca: string; subs: FakeSubscription[] }>();
const report = async () => {
  child.stdin!.write('report\n');
  return nextLine<{ received: number; accepted: number; bytes: number }>();
};

const database = await openPglite();
await database.migrate();
const { db } = database;
const tag = randomBytes(3).toString('hex');
const users = (
  (await db.execute(sql`INSERT INTO users (account_number, password_hash, nickname, invitation_code, created_at, updated_at)
    SELECT ${tag} || g, 'x', 'b' || g, upper(${tag}) || g, now(), now() FROM generate_series(1, ${SUBS}) g
    RETURNING id`)) as unknown as { rows: { id: number }[] }
).rows.map((r) => Number(r.id));
for (let from = 0; from < users.length; from += CHUNK) {
  const part = users.slice(from, from + CHUNK).map((u, i) => ({ u, s: subs[from + i]! }));
  const col = <T>(f: (p: (typeof part)[number], i: number) => T) => sql.param(part.map(f));
  await db.execute(sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, locale, created_at, updated_at)
    SELECT *, now(), now() FROM unnest(${col((p) => p.u)}::int[], ${col((p) => p.s.endpoint)}::text[],
      ${col((p) => p.s.keys.p256dh)}::text[], ${col((p) => p.s.keys.auth)}::text[],
      ${col((_p, i) => LOCALES[i % LOCALES.length]!)}::text[])`);
}

const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@localhost.invalid' };
const event = {
  type: 'system.announcement' as const,
  title: 'Scheduled maintenance',
  body: 'Trading pauses tonight from 22:00 to 22:30 UTC while the matching engine is upgraded.',
};
const agentOf = () => new Agent({ ca, keepAlive: true, maxSockets: CONCURRENCY });

let delivered = 0;
const workerAgent = agentOf();
const worker = new PushWorker({
  db,
  keys,
  texts: pushTexts(PUSH_RENDERERS),
  agent: workerAgent,
  concurrency: CONCURRENCY,
  batch: 1_000,
  onResult: (r) => {
    if (r.outcome === 'delivered') delivered += 1;
  },
});

const t0 = performance.now();
const queued = await notifyUsers(db, users, event);
const tQueued = performance.now();
await worker.drain();
const t1 = performance.now();
workerAgent.destroy();
const left = Number(
  ((await db.execute(sql`SELECT count(*)::int AS n FROM push_outbox`)) as unknown as { rows: { n: number }[] }).rows[0]!
    .n,
);
const service = await report();

// The same number of bare POSTs of the same size, a fresh agent of the same kind, same concurrency.
const body = randomBytes(service.bytes || 400);
const url = new URL(`${origin}/sink`);
const bareAgent = agentOf();
const post = () =>
  new Promise<void>((resolve, reject) => {
    const req = request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: bareAgent,
        headers: { 'content-length': body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve());
      },
    );
    req.on('error', reject);
    req.end(body);
  });
let next = 0;
const t2 = performance.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < SUBS) {
      next += 1;
      await post();
    }
  }),
);
const t3 = performance.now();
bareAgent.destroy();

const deliverySec = (t1 - t0) / 1000;
const bareSec = (t3 - t2) / 1000;
const deliveries = Math.round(delivered / deliverySec);
const bare = Math.round(SUBS / bareSec);
console.log(`subscriptions:     ${SUBS} in 8 languages; concurrency ${CONCURRENCY}; ${service.bytes} bytes encrypted`);
console.log(`queued:            ${queued} outbox rows in ${Math.round(tQueued - t0)} ms (one insert)`);
console.log(
  `delivered:         ${delivered} in ${deliverySec.toFixed(2)} s = ${deliveries} deliveries/s (service accepted ${service.accepted}, decrypted and VAPID-verified; outbox left ${left})`,
);
console.log(`bare HTTPS POSTs:  ${SUBS} in ${bareSec.toFixed(2)} s = ${bare} POSTs/s`);
console.log(`ratio:             ${(deliveries / bare).toFixed(2)} (deliveries/s over bare POSTs/s)`);
child.stdin!.end();
await database.close();
if (delivered !== SUBS || left !== 0 || service.accepted !== SUBS) {
  console.error('not every subscription got the announcement');
  process.exit(1);
}
