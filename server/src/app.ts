import { fileURLToPath } from 'node:url';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { DEFAULT_LIMITS, type AppContext, type Limits } from './context';
import { openDatabase, type Database } from './db/client';
import { createMailer, type Mailer } from './mail/index';
import { withAntiPhishing } from './security/anti-phishing';
import { sealTotpSecrets, totpKeyRing } from './security/totp-seal';
import { clientErrorHandler, envelopePlugin, frameworkErrors } from './plugins/envelope';
import { withRedactedErrors } from './plugins/log-redaction';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import type { DepositAddressSource } from './products/fund/deposit-address';
import { createSeconds, type SecondsOptions } from './products/seconds/index';
import { Scheduler, type SchedulerOptions } from './scheduler/index';
import { vacuumJob } from './scheduler/vacuum';
import type { EngineHold } from './db/engine-lock';
import type { MakerRunOptions } from './trading/maker/index';
import { followLiveSettings, loadLiveSettings, reloadLiveSettings } from './settings/live';
import { BalanceCache, followBalanceChanges } from './products/wallet/balance-cache';
import { createMarket, sharesFeed, type MarketOptions } from './market/index';
import { createPriceRecord } from './market/price-record';
import type { PriceSource } from './market/prices';
import { realtimePlugin, type RealtimeOptions } from './realtime/plugin';
import { followSessionChanges, SESSION_CACHE_DEFAULTS, SessionCache } from './sessions/sessions';
import { Metrics } from './ops/metrics';
import { openRedis, type RedisLink } from './redis/connect';
import { opsPlugin } from './ops/plugin';
import { dutiesOf, isOpsPath, type Duties, type ServerRole } from './roles';
import { ownedSpot, routedSpot, singleSpot, type SpotRuntime } from './trading/cluster/runtime';
import { registerRoutes } from './wiring';

export interface BuildAppOptions {
  config: Config;
  /** An opened and migrated database; without it one is opened from `config`, migrated, and
   *  closed with the app. */
  db?: Database;
  /** The clock (tests move it instead of sleeping). */
  now?: () => Date;
  /** Replaces the mailer chosen by the mode (demo: development mailbox; production: SMTP). */
  mailer?: Mailer;
  limits?: Partial<Limits>;
  /** The built PWA; defaults to `dist/` at the repository root. */
  distDir?: string;
  /** Fastify's logger option; defaults to pino at `config.logLevel`. */
  logger?: FastifyServerOptions['logger'];
  /** Market feed, hub and driver; tests pass `manual: true` and call `ctx.market.pump()`. */
  market?: MarketOptions;
  /** USDT prices for wallet valuations, the coin exchange and the withdrawal limits; defaults to
   *  the market feed's last prices. */
  prices?: PriceSource;
  /** The custody integration that allocates real deposit addresses (`DEPOSIT_ADDRESSES=custody`). */
  custody?: DepositAddressSource;
  /** Live data over socket.io: the market hub, limits; Redis comes from `config.redisUrl`. */
  realtime?: RealtimeOptions;
  /** Check every reply against its endpoint's response schema (tests; see `replySerializer`). */
  validateReplies?: boolean;
  /** The market maker's driver (`config.maker` sets whether there is one); tests step it by hand. */
  maker?: MakerRunOptions;
  /** Demo mode's seeded shelves (coupons) and demo reviewer; on unless turned off (the test harness does). */
  demoSeeds?: boolean;
  /** Seconds contracts: house cap, whether this process settles, batch size. */
  seconds?: SecondsOptions;
  /** Tests run the scheduler's passes by hand (`manual: true`, then `ctx.scheduler.runDue()`) and
   *  may run only the jobs of the product under test (`jobs`). */
  scheduler?: Pick<SchedulerOptions, 'manual' | 'tickMs' | 'jobs'>;
  /** The lock that keeps other processes away from this one's engines (main.ts takes it). */
  engine?: EngineHold;
}

export const DEFAULT_DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url));

/**
 * The one place that decides how replies are serialized. Tests (`validateReplies`) check every
 * reply against its endpoint's response schema, so drift between the contract and the server fails
 * a test instead of reaching clients. Demo and production send plain JSON.stringify: the schema
 * check costs more than the rest of a small signed-in request (bench:api), and what it would catch
 * the test suite already catches on the same code.
 */
const plainSerializerCompiler = () => (data: unknown) => JSON.stringify(data);
const replySerializer = (validateReplies: boolean) => (validateReplies ? serializerCompiler : plainSerializerCompiler);

/** A hop count means "trust the nearest n proxies" (proxy-addr's rule for numbers). */
function trustProxyOption(v: Config['trustProxy']) {
  return typeof v === 'number' ? (_addr: string, hop: number) => hop < v : v;
}

/**
 * One access line per request instead of Fastify's two ("incoming request", "request completed"):
 * the completed line also carries the request, and a log line is a good part of a short request.
 * Its fields are flat values rather than the `req`/`res` objects of Fastify's serializers, which
 * build two objects through getters for every line: `bench:api` measured signed-in /user/info at
 * 0.467-0.485 x a bare route with those and 0.515-0.544 with these, alternating in one session.
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      remoteAddress: request.ip,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Fastify with the server's logging, limits and zod compilers; no plugin or route yet. */
function createFastify(options: BuildAppOptions, limits: Limits): FastifyInstance {
  const { config } = options;
  const serializer = replySerializer(options.validateReplies ?? false);
  const app = Fastify({
    logger: withRedactedErrors(options.logger ?? { level: config.logLevel }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: limits.bodyBytes,
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    // Node checks request deadlines on this interval (30 s by default, longer than short timeouts).
    http: {
      headersTimeout: Math.min(20_000, limits.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, limits.requestTimeoutMs / 4)),
    },
    frameworkErrors,
    clientErrorHandler,
    logController: new AccessLog(),
    // Every schema is zod: naming the compilers up front spares loading Ajv and
    // fast-json-stringify, which Fastify otherwise does at construction (a good part of a start).
    schemaController: {
      // Fastify types these as Ajv factories; it calls them as plain compiler factories.
      compilersFactory: {
        buildValidator: () => validatorCompiler,
        buildSerializer: () => serializer,
      } as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'],
    },
  }).withTypeProvider<ZodTypeProvider>() as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializer);
  return app;
}

/** The spot trading core of this process (`server/src/trading/`). */
/**
 * Spot matching by role: the one process owns every pair (`all`, and any process without Redis);
 * with Redis an `api` process routes every command to its pair's owner and a `worker` owns a
 * share of the pairs (`trading/cluster/`).
 */
function spotOf(
  app: FastifyInstance,
  role: ServerRole,
  database: Database,
  now: () => Date,
  metrics: Metrics,
  redis: RedisLink | undefined,
): SpotRuntime {
  const log = (err: unknown, message: string) => app.log.error({ err }, message);
  const observeBatch = (commands: number, seconds: number, committed: boolean) =>
    metrics.tradingBatch(commands, seconds, committed);
  if (!redis || database.kind !== 'postgres' || role === 'all') {
    return singleSpot({ db: database.db, now, log, observeBatch });
  }
  const cluster = { db: database.db, redis, log };
  const onMove = (move: { gained: number[]; lost: number[] }) =>
    metrics.pairsMoved(move.gained.length, move.lost.length);
  return role === 'api' ? routedSpot(cluster) : ownedSpot({ ...cluster, now, observeBatch, onMove });
}

/** A process without the API (a worker) answers its probes and scraper only. */
function answerOpsOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isOpsPath(request.url)) return;
    await reply.code(404).header('cache-control', 'no-store').send({ status: 'not_served', role: 'worker' });
  });
}

/** The cores every route shares: database, clock, mail, market, sessions, trading, scheduler. */
async function openContext(
  app: FastifyInstance,
  options: BuildAppOptions,
  limits: Limits,
  metrics: Metrics,
  redis: RedisLink | undefined,
) {
  const { config } = options;
  const database = options.db ?? (await openDatabase(config));
  if (!options.db) {
    await database.migrate();
    app.addHook('onClose', () => database.close());
  }
  // Product terms the back office changed (seconds, futures, maker) before any engine reads them.
  await loadLiveSettings(database.db, (key, err) =>
    app.log.warn({ err, key }, 'stored live setting unreadable; its defaults apply'),
  );
  // Authenticator-app secrets sealed (and sealed again after a key rotation) before any request.
  const sealed = await sealTotpSecrets(database.db, totpKeyRing(config));
  if (sealed > 0) app.log.info({ sealed }, 'authenticator-app secrets sealed under the current key');
  const now = options.now ?? (() => new Date());
  const market = createMarket(config, database.db, now, options.market, (err) => app.log.error({ err }, 'market data'));
  const spot = spotOf(app, config.role, database, now, metrics, redis);
  const ctx: AppContext = {
    config,
    db: database.db,
    now,
    limits,
    // Every message, whoever sends it and however it goes, carries the recipient's anti-phishing code.
    mailer: withAntiPhishing(
      options.mailer ??
        createMailer(config, database.db, now, (err) => app.log.error({ err }, 'text message not sent')),
      database.db,
    ),
    market,
    sessions: new SessionCache(SESSION_CACHE_DEFAULTS.maxEntries, SESSION_CACHE_DEFAULTS.maxAgeMs),
    trading: spot.core,
    spot,
    priceRecord: createPriceRecord(database.db, market, (err) => app.log.error({ err }, 'seconds contracts')),
    scheduler: new Scheduler({
      db: database.db,
      now,
      ...options.scheduler,
      onError: (err, job) => {
        metrics.jobFailed(job);
        app.log.error({ err, job }, 'scheduled job failed; it runs again on the next tick');
      },
    }),
  };
  // The embedded database has no autovacuum (`db/maintenance.ts`); tests bring their own database.
  if (!options.db && database.kind === 'pglite') ctx.scheduler.register(vacuumJob);
  return { ctx, database };
}

/**
 * Caches that the database's notifications keep true across processes. While the notification
 * connection is down nothing is announced, so the caches are emptied when it drops and again when
 * it is back (what was read meanwhile may have changed unannounced; emptying the session cache
 * also has every logged-in socket check its session), and the live terms are read again.
 */
async function followDatabase(app: FastifyInstance, database: Database) {
  const { ctx } = app;
  const balanceCache = new BalanceCache();
  const reloadFailed = (err: unknown) => app.log.error({ err }, 'live setting reload');
  const forget = () => {
    ctx.sessions.clear();
    balanceCache.clear();
  };
  const listener = database.listener(
    (err) => {
      forget();
      app.log.warn({ err }, 'database notifications interrupted; session and balance caches cleared');
    },
    () => {
      forget();
      reloadLiveSettings(database.db, (_key, problem) => reloadFailed(problem)).catch(reloadFailed);
      app.log.warn('database notifications resumed; caches cleared and live settings read again');
    },
  );
  await followSessionChanges(listener, ctx.sessions);
  await followLiveSettings(listener, database.db, reloadFailed);
  const unfollowBalances = await followBalanceChanges(listener, database.db, balanceCache);
  app.addHook('onClose', async () => unfollowBalances());
  app.addHook('preClose', () => listener.close());
  return { balanceCache, listener };
}

/**
 * The process's Redis link with `REDIS_URL` (rate-limit counters and socket.io's fan-out share it),
 * closed after everything else; none without.
 */
async function openAppRedis(app: FastifyInstance, config: Config): Promise<RedisLink | undefined> {
  if (!config.redisUrl) return undefined;
  const redis = await openRedis(config.redisUrl, config.redisPrefix ?? '', (err) =>
    app.log.warn({ err }, 'Redis connection'),
  );
  app.addHook('onClose', () => redis.close());
  return redis;
}

/** The Fastify app, ready for `inject` or `listen`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const limits: Limits = { ...DEFAULT_LIMITS, ...config.rateLimits, ...options.limits };
  const app = createFastify(options, limits);
  const duties: Duties = dutiesOf(config.role);
  if (!duties.serveApi) answerOpsOnly(app);
  // First: an unreachable Redis fails the start before anything else is opened.
  const redis = await openAppRedis(app, config);
  const metrics = new Metrics();
  const { ctx, database } = await openContext(app, options, limits, metrics, redis);
  app.decorate('ctx', ctx);
  // Only a process with the background work settles (an api process takes orders only).
  const secondsOptions = { ...options.seconds, settle: duties.background && options.seconds?.settle !== false };
  const seconds = createSeconds(database.db, ctx.priceRecord, ctx.now, secondsOptions, (err) =>
    app.log.error({ err }, 'seconds contracts'),
  );
  const { balanceCache, listener } = await followDatabase(app, database);
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionLookup', null);
  await ctx.market.start();
  // The books are rebuilt before the first request; the last batch commits before the database closes.
  await ctx.spot.start();
  app.addHook('preClose', () => ctx.spot.stop());
  // Settles as the price record moves past expiries; stopped (last prices written) before the market.
  seconds.start();
  app.addHook('preClose', () => seconds.stop());
  app.addHook('preClose', () => ctx.priceRecord.stop());
  // Before onClose, so the last candles are saved while the database is still open.
  app.addHook('preClose', () => ctx.market.stop());

  await app.register(envelopePlugin);
  await app.register(securityPlugin, { limits, distDir: options.distDir ?? DEFAULT_DIST_DIR, redis });
  await app.register(formbody);
  await app.register(openapiPlugin);
  await app.register(realtimePlugin, {
    redis,
    hub: ctx.market.hub,
    serve: duties.serveApi,
    marketLocal: sharesFeed(config),
    ...options.realtime,
  });
  await app.register(opsPlugin, { metrics, database, engine: options.engine, metricsToken: config.metricsToken });
  metrics.readFrom({
    db: database.db,
    sockets: () => app.realtime.connections(),
    tradingQueue: () => (ctx.spot.committing ?? ctx.trading).waiting,
    pairsHeld: () => ctx.spot.leases?.held() ?? (ctx.spot.committing ? ctx.spot.committing.pairs.length : 0),
    feedPublisher: () => ctx.market.runsFeed(),
  });
  const distDir = options.distDir ?? DEFAULT_DIST_DIR;
  const { engine, prices, custody, maker } = options;
  const fiatFetch = options.market?.fiatFetch;
  const demoSeeds = options.demoSeeds ?? true;
  const routeOptions = { engine, prices, custody, maker, fiatFetch, distDir, demoSeeds };
  await registerRoutes(app, { options: routeOptions, duties, database, seconds, balanceCache, listener });
  // Every module has registered its jobs by now; periods missed while down run first.
  if (duties.background) app.addHook('onReady', async () => ctx.scheduler.start());
  app.addHook('preClose', () => ctx.scheduler.stop());
  return app;
}
