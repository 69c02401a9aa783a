import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { EngineHold } from '../db/engine-lock';
import type { Metrics } from './metrics';

export interface OpsOptions {
  metrics: Metrics;
  database: Database;
  /** The lock main.ts took; absent when a test harness built the app on its own database. */
  engine?: EngineHold | undefined;
  /** `METRICS_TOKEN`: a scraper from elsewhere than this machine sends it as a bearer token. */
  metricsToken?: string | undefined;
}

type Check = 'ok' | 'failed' | 'off';

// A check that hangs is a failed check: the proxy's probe must get an answer in time.
const CHECK_TIMEOUT_MS = 2_000;

async function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('check timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const passes = (work: () => Promise<unknown>): Promise<Check> =>
  within(work()).then(
    (v) => (v === false ? 'failed' : 'ok'),
    () => 'failed',
  );

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Metrics tell the load, the pairs and the users online: only this machine or the token reads them. */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (LOOPBACK.has(request.ip)) return true;
  const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!token || !sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Per-process health for a proxy or an orchestrator, and Prometheus metrics. `live` answers while
 * the process runs; `ready` only while its database, Redis (when configured), engine lock and (a
 * worker) spot pair leases are in hand. Once closing has begun Fastify answers 503 to every request (`return503OnClosing`), so
 * a proxy stops sending to a process being drained.
 */
async function ops(app: FastifyInstance, o: OpsOptions): Promise<void> {
  app.addHook('onResponse', (request, reply, done) => {
    o.metrics.request(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/health/live', async () => ({ status: 'live' }));

  app.get('/health/ready', async (_request, reply) => {
    const redisReady = app.realtime.redisReady;
    const leases = app.ctx.spot.leases;
    const checks: Partial<Record<'database' | 'redis' | 'engine' | 'leases', Check>> = {
      database: await passes(() => o.database.db.execute(sql`select 1`)),
      redis: redisReady ? await passes(redisReady) : 'off',
      engine: o.engine ? await passes(() => o.engine!.check()) : 'off',
      // A worker: its spot pair leases renewed within a lease period.
      ...(leases ? { leases: leases.healthy() ? ('ok' as const) : ('failed' as const) } : {}),
    };
    const ready = !Object.values(checks).includes('failed');
    reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
    return { status: ready ? 'ready' : 'unavailable', checks };
  });

  app.get('/metrics', async (request, reply) => {
    if (!mayScrape(request, o.metricsToken)) {
      reply.code(403);
      return { status: 'forbidden' };
    }
    const { contentType, body } = await o.metrics.exposition();
    reply.type(contentType).header('cache-control', 'no-store');
    return body;
  });
}

export const opsPlugin = fp(ops, { name: 'ops', dependencies: ['realtime'] });
