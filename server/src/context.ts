import type { Config } from './config';
import type { Db } from './db/client';
import type { MarketRuntime } from './market/runtime';
import type { Mailer } from './mail/mailer';
import type { SessionCache } from './sessions/session-cache';
import type { TradingCore } from './trading/types';
import type { ConditionalCore } from './trading/conditional/types';
import type { SpotRuntime } from './trading/cluster/runtime';
import type { PriceRecord } from './market/price-record';
import type { Scheduler } from './scheduler/index';

/** Tunable limits; tests and the browser-test server relax the HTTP rate limits. */
export interface Limits {
  /** Requests per minute per client address across the API, before signing in. */
  globalPerMinute: number;
  /** Requests per minute per signed-in account across the API. */
  userPerMinute: number;
  /** Requests per minute per client address on code sending, login and password reset. */
  strictPerMinute: number;
  /** Verification codes per client address per hour: a ceiling against spraying, well above a
   *  carrier's shared address (per destination and per account come first). */
  codesPerIpPerHour: number;
  /** Verification codes per destination (email or number) per hour. */
  codesPerDestinationPerHour: number;
  /** Verification codes per account per hour (its owner, or the signed-in user binding). */
  codesPerAccountPerHour: number;
  /** Request body size for JSON and form bodies. */
  bodyBytes: number;
  /** Longest time to receive a whole request (a body trickled byte by byte holds a socket). */
  requestTimeoutMs: number;
  /** An open connection with no traffic for this long is closed. */
  connectionTimeoutMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  globalPerMinute: 300,
  userPerMinute: 600,
  strictPerMinute: 10,
  codesPerIpPerHour: 200,
  codesPerDestinationPerHour: 10,
  codesPerAccountPerHour: 20,
  bodyBytes: 64 * 1024,
  // The client gives up after 60 s (SPEC.md section 9); a 5 MB upload on a slow line fits.
  requestTimeoutMs: 60_000,
  // Above socket.io's 25 s ping interval and a held long-poll.
  connectionTimeoutMs: 75_000,
};

/** What services need from the app: settings, storage, time and mail. */
export interface AppContext {
  config: Config;
  db: Db;
  /** The clock; injectable so tests move time instead of sleeping. */
  now: () => Date;
  mailer: Mailer;
  limits: Limits;
  /** Live market data: quotes, candles and the hub that realtime delivery listens to. */
  market: MarketRuntime;
  /** Signed-in sessions kept in memory, dropped as the database announces changes. */
  sessions: SessionCache;
  /** Spot and stock order books, funds and group commit (`server/src/trading/`). */
  trading: TradingCore & ConditionalCore;
  /** How this process takes part in spot matching (its role): what commits here, which pairs. */
  spot: SpotRuntime;
  /** The feed's price of every second for the pairs products settle on (`market/price-record.ts`). */
  priceRecord: PriceRecord;
  /** Jobs that run at a time, once per period (`server/src/scheduler/`); modules register theirs. */
  scheduler: Scheduler;
}
