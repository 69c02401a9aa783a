import type { Config } from './config';
import type { Db } from './db/client';
import type { MarketRuntime } from './market/runtime';
import type { Mailer } from './modules/mail/mailer';
import type { SessionCache } from './modules/auth/session-cache';

/** Tunable limits; tests and the browser-test server relax the HTTP rate limits. */
export interface Limits {
  /** Requests per minute per client address across the API. */
  globalPerMinute: number;
  /** Requests per minute per client address on code sending, login and password reset. */
  strictPerMinute: number;
  /** Verification codes per client address per hour. */
  codesPerIpPerHour: number;
  /** Request body size for JSON and form bodies. */
  bodyBytes: number;
}

export const DEFAULT_LIMITS: Limits = {
  globalPerMinute: 300,
  strictPerMinute: 10,
  codesPerIpPerHour: 20,
  bodyBytes: 64 * 1024,
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
}
