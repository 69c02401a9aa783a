import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Endpoint, RequestOf } from '@contract/define';
import { buildApp, type BuildAppOptions } from '../app';
import type { Config } from '../config';
import type { Limits } from '../context';
import type { Database } from '../db/client';
import { testClock, type TestClock } from './clock';
import { testConfig } from './config';

export interface CallOptions {
  token?: string;
  lang?: string;
  /** Client address; each test app has its own so per-address limits do not leak across tests. */
  ip?: string;
  /** Send a JSON body instead of the default form encoding. */
  json?: boolean;
}

export interface Reply<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: { type: string; message: T };
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  config: Config;
  ip: string;
  /** Calls a contract endpoint the way the PWA does (form-encoded POST, query for GET). */
  call<E extends Endpoint>(
    endpoint: E,
    data?: RequestOf<E> | Record<string, unknown>,
    options?: CallOptions,
  ): Promise<Reply>;
  close(): Promise<void>;
}

let appCounter = 0;
const nextIp = () => {
  appCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(appCounter >> 8) & 255}.${appCounter & 255}`;
};

const toForm = (data: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(data)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** Test limits: the HTTP rate limits are far away unless a test sets them. */
export const RELAXED_LIMITS: Partial<Limits> = { globalPerMinute: 100_000, strictPerMinute: 100_000 };

/** An app on `database` with a movable clock and a temporary data directory. */
export async function createTestApp(
  database: Database,
  options: Partial<Omit<BuildAppOptions, 'config' | 'db'>> & {
    config?: Partial<Config>;
    /** A clock shared with other apps (processes of one deployment); a new one by default. */
    clock?: TestClock;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'h5-test-'));
  const clock = options.clock ?? testClock();
  const config = testConfig({ dataDir, ...options.config });
  const { config: _c, clock: _clock, ...rest } = options;
  const app = await buildApp({
    now: clock.now,
    logger: false,
    // Every reply a test sees has passed its endpoint's response schema (DESIGN.md: contract-first).
    validateReplies: true,
    // Seeded demo shelves would change what every test sees; a test that checks them asks.
    demoSeeds: false,
    ...rest,
    // Tests drive the market by hand (ctx.market.pump()) with the test clock; no timer runs.
    market: { manual: true, ...rest.market },
    // Scheduled jobs run when a test calls ctx.scheduler.runDue() after moving the clock.
    scheduler: { manual: true, ...rest.scheduler },
    limits: { ...RELAXED_LIMITS, ...options.limits },
    config,
    db: database,
  });
  const ip = nextIp();
  return {
    app,
    clock,
    config,
    ip,
    async call(endpoint, data = {}, opts = {}) {
      const fields: Record<string, unknown> = {
        ...(data as Record<string, unknown>),
        ...(opts.lang ? { lang: opts.lang } : {}),
      };
      const headers: Record<string, string> = opts.token ? { authorization: opts.token } : {};
      const url = `/api${endpoint.path}`;
      const res =
        endpoint.method === 'GET'
          ? await app.inject({ method: 'GET', url: `${url}?${toForm(fields)}`, headers, remoteAddress: opts.ip ?? ip })
          : await app.inject({
              method: 'POST',
              url,
              headers: {
                ...headers,
                'content-type': opts.json ? 'application/json' : 'application/x-www-form-urlencoded',
              },
              payload: opts.json ? JSON.stringify(fields) : toForm(fields),
              remoteAddress: opts.ip ?? ip,
            });
      return { status: res.statusCode, headers: res.headers, body: res.json() };
    },
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
