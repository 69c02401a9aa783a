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
import { followLiveSettings, loadLiveSettings } from './settings/live';
import { Trading } from './trading/index';
import { BalanceCache, followBalanceChanges } from './products/wallet/balance-cache';
import { createMarket, type MarketOptions } from './market/index';
import { createPriceRecord } from './market/price-record';
import type { PriceSource } from './market/prices';
import { realtimePlugin, type RealtimeOptions } from './realtime/plugin';
import { followSessionChanges, SESSION_CACHE_DEFAULTS, SessionCache } from './sessions/sessions';
import { Metrics } from './ops/metrics';
import { opsPlugin } from './ops/plugin';
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

/** The cores every route shares: database, clock, mail, market, sessions, trading, scheduler. */
async function openContext(app: FastifyInstance, options: BuildAppOptions, limits: Limits, metrics: Metrics) {
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
  const now = options.now ?? (() => new Date());
  const market = createMarket(config, database.db, now, options.market, (err) => app.log.error({ err }, 'market data'));
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
    trading: new Trading({
      db: database.db,
      now,
      log: (err, message) => app.log.error({ err }, message),
      observeBatch: (commands, seconds, committed) => metrics.tradingBatch(commands, seconds, committed),
    }),
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

/** Caches that the database's notifications keep true across processes. */
async function followDatabase(app: FastifyInstance, database: Database) {
  const { ctx } = app;
  const balanceCache = new BalanceCache();
  const listener = database.listener((err) => {
    ctx.sessions.clear();
    balanceCache.clear();
    app.log.warn({ err }, 'database notifications interrupted; session and balance caches cleared');
  });
  await followSessionChanges(listener, ctx.sessions);
  await followLiveSettings(listener, database.db, (err) => app.log.error({ err }, 'live setting reload'));
  const unfollowBalances = await followBalanceChanges(listener, database.db, balanceCache);
  app.addHook('onClose', async () => unfollowBalances());
  app.addHook('preClose', () => listener.close());
  return { balanceCache, listener };
}

/** The Fastify app, ready for `inject` or `listen`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const limits: Limits = { ...DEFAULT_LIMITS, ...config.rateLimits, ...options.limits };
  const app = createFastify(options, limits);
  const metrics = new Metrics();
  const { ctx, database } = await openContext(app, options, limits, metrics);
  app.decorate('ctx', ctx);
  const seconds = createSeconds(database.db, ctx.priceRecord, ctx.now, options.seconds, (err) =>
    app.log.error({ err }, 'seconds contracts'),
  );
  const { balanceCache, listener } = await followDatabase(app, database);
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionLookup', null);
  await ctx.market.start();
  // The books are rebuilt before the first request; the last batch commits before the database closes.
  await ctx.trading.start();
  app.addHook('preClose', () => ctx.trading.stop());
  // Settles as the price record moves past expiries; stopped (last prices written) before the market.
  seconds.start();
  app.addHook('preClose', () => seconds.stop());
  app.addHook('preClose', () => ctx.priceRecord.stop());
  // Before onClose, so the last candles are saved while the database is still open.
  app.addHook('preClose', () => ctx.market.stop());

  await app.register(envelopePlugin);
  await app.register(securityPlugin, { limits, distDir: options.distDir ?? DEFAULT_DIST_DIR });
  await app.register(formbody);
  await app.register(openapiPlugin);
  await app.register(realtimePlugin, { redisUrl: config.redisUrl, hub: ctx.market.hub, ...options.realtime });
  await app.register(opsPlugin, { metrics, database, engine: options.engine, metricsToken: config.metricsToken });
  metrics.readFrom({
    db: database.db,
    sockets: () => app.realtime.io.engine.clientsCount,
    tradingQueue: () => ctx.trading.waiting,
  });
  const distDir = options.distDir ?? DEFAULT_DIST_DIR;
  const { engine, prices, custody, maker } = options;
  const fiatFetch = options.market?.fiatFetch;
  const demoSeeds = options.demoSeeds ?? true;
  const routeOptions = { engine, prices, custody, maker, fiatFetch, distDir, demoSeeds };
  await registerRoutes(app, { options: routeOptions, database, seconds, balanceCache, listener });
  // Every module has registered its jobs by now; periods missed while down run first.
  app.addHook('onReady', async () => ctx.scheduler.start());
  app.addHook('preClose', () => ctx.scheduler.stop());
  return app;
}
