import { z } from 'zod';
import { DepositKeyError, parseAccountKey, type KeyChain } from './custody/xpub-keys';
import type { SmsSettings } from './sms/index';
import { PASSWORD_LOG_N } from './auth/passwords';
import { roleRequirements, SERVER_ROLES, type ServerRole } from './roles';
import { parseKeyRing, type KeyRing } from './security/secret-box';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** `true`/`false`, a hop count, or a comma-separated list of trusted addresses (Fastify's forms). */
const trustProxy = z
  .string()
  .trim()
  .transform((v): boolean | number | string[] => {
    if (v === '' || v === 'false') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });

/** The public daily rate table production reads unless FIAT_SOURCE_URL names another. */
export const DEFAULT_FIAT_SOURCE_URL = 'https://open.er-api.com/v6/latest/USD';

const envSchema = z.object({
  SERVER_ROLE: z.enum(SERVER_ROLES).default('all'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_MODE: z.enum(['demo', 'production']).default('demo'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(3650).default(30),
  /** Idle limit of sessions of accounts that turned "stay logged in" off. */
  SESSION_SHORT_IDLE_MINUTES: z.coerce.number().int().positive().max(1440).default(30),
  PASSWORD_HASH_LOG_N: z.coerce.number().int().min(10).max(20).default(PASSWORD_LOG_N),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SMS_PROVIDER: z.enum(['twilio']).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/, 'must be an account SID (AC followed by 32 hex digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be the account auth token').optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
      'must be an E.164 number (+15551234567) or an alphanumeric sender id of at most 11 characters',
    )
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-f]{32}$/, 'must be a messaging service SID (MG followed by 32 hex digits)')
    .optional(),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PUBLIC_URL: z.url().optional(),
  MARKET_FEED: z.enum(['simulated', 'binance']).optional(),
  MARKET_SEED: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(20260101),
  MARKET_STALE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(10_000),
  FIAT_SOURCE_URL: z.url().optional(),
  DEPOSIT_ADDRESSES: z.enum(['derived', 'xpub', 'custody']).optional(),
  DEPOSIT_XPUB_BTC: z.string().optional(),
  DEPOSIT_XPUB_ETH: z.string().optional(),
  DEPOSIT_XPUB_TRX: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_USER_PER_MINUTE: z.coerce.number().int().positive().optional(),
  RATE_LIMIT_STRICT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  CODES_PER_IP_PER_HOUR: z.coerce.number().int().min(20).max(1_000_000).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 of A-Z a-z 0-9 _ . : -')
    .optional(),
  DEV_MAILBOX_PUBLIC: z.enum(['true', 'false']).default('false'),
  UPLOAD_QUOTA_MB: z.coerce.number().positive().max(100_000).default(100),
  UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  MAKER_ENABLED: z.enum(['true', 'false']).optional(),
  MAKER_SPREAD_BPS: z.coerce.number().int().min(2).max(1000).default(20),
  MAKER_LEVELS: z.coerce.number().int().min(1).max(20).default(5),
  MAKER_LEVEL_VALUE: z.coerce.number().positive().max(1_000_000).default(2000),
  MAKER_MAX_INVENTORY: z.coerce.number().positive().max(100_000_000).default(50_000),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,90}$/, 'must be a base64url P-256 public key (web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,45}$/, 'must be a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .optional(),
  PUSH_WORKER: z.enum(['in-process', 'external']).default('in-process'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TOTP_KEYS: z.string().optional(),
});

export interface Config {
  /** `SERVER_ROLE`: what this process runs (`roles.ts`); `all` unless set. */
  role: ServerRole;
  port: number;
  host: string;
  mode: 'demo' | 'production';
  databaseUrl: string | undefined;
  dataDir: string;
  sessionIdleDays: number;
  /** Idle limit when the account turned "stay logged in" off. */
  sessionShortIdleMinutes: number;
  /**
   * log2 of scrypt's N for new password hashes (`PASSWORD_HASH_LOG_N`, default 15; production
   * refuses less). Each hash keeps its own, so a change applies to passwords set afterwards.
   */
  passwordLogN: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The SMS provider (`SMS_PROVIDER`, required in production); demo mode texts the development mailbox. */
  sms?: SmsSettings | undefined;
  trustProxy: boolean | number | string[];
  logLevel: (typeof LOG_LEVELS)[number];
  publicUrl: string | undefined;
  /** Where prices come from: a seeded simulation (demo only) or Binance public market data. */
  marketFeed: 'simulated' | 'binance';
  marketSeed: number;
  /** An instrument without a tick for this long is reported stale. */
  marketStaleMs: number;
  /** Daily fiat rates per USD (open.er-api.com's format); a shipped table stands in when it fails
   *  or when there is none (demo mode without `FIAT_SOURCE_URL`: the demo needs no internet). */
  fiatSourceUrl: string | undefined;
  /** `derived`: addresses computed per user with no key behind them (demo only, labelled
   *  simulated); `xpub`: derived from the operator's account public keys (`depositKeys`, watch-only);
   *  `custody`: a custody integration allocates them (see fund/deposit-address.ts). */
  depositAddresses: 'derived' | 'xpub' | 'custody';
  /** `DEPOSIT_XPUB_BTC/ETH/TRX`, checked at load: set exactly when `depositAddresses` is `xpub`. */
  depositKeys?: Record<KeyChain, string> | undefined;
  /** HTTP rate limits set in the environment; the rest keep their defaults (`DEFAULT_LIMITS`). */
  rateLimits?: {
    globalPerMinute?: number;
    userPerMinute?: number;
    strictPerMinute?: number;
    codesPerIpPerHour?: number;
  };
  /** What API processes share besides the database: socket.io's fan-out and the rate-limit
   *  counters; both stay in this process when unset. */
  redisUrl?: string | undefined;
  /** Starts every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix?: string | undefined;
  /** Demo mode: the development mailbox answers requests from anywhere, not only from loopback. */
  devMailboxPublic?: boolean;
  /** Bytes of stored uploads one user may hold. */
  uploadQuotaBytes?: number;
  /** Uploads one user may make in a rolling hour. */
  uploadsPerHour?: number;
  /** The house market maker; absent means no maker. */
  maker?: MakerConfig;
  /** Web push VAPID keys from the environment (required in production); demo mode without them
   *  generates a pair on first start and keeps it in the data folder (`server/src/push/keys.ts`). */
  vapid?: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** `in-process` (default): the API process delivers the push outbox; `external`: a separate
   *  `npm run push:worker` process does. */
  pushWorker?: 'in-process' | 'external';
  /** `METRICS_TOKEN`: lets a scraper on another machine read `/metrics` (loopback always may). */
  metricsToken?: string | undefined;
  /** `TOTP_KEYS`: the keys sealing authenticator-app secrets at rest, the first the current one
   *  (`security/secret-box.ts`); required in production, demo and tests use a fixed key. */
  totpKeys?: KeyRing | undefined;
}

/** The house market maker's published terms (`/coin/book` shows them per pair). */
export interface MakerConfig {
  /** `MAKER_ENABLED`: on by default in demo, off in production unless set. */
  enabled: boolean;
  /** `MAKER_SPREAD_BPS`: distance between its best bid and best ask, in basis points of the feed price. */
  spreadBps: number;
  /** `MAKER_LEVELS`: price levels quoted on each side, each half a spread further out. */
  levels: number;
  /** `MAKER_LEVEL_VALUE`: value of each level in the quote currency (USDT, or USD for stocks). */
  levelValue: number;
  /** `MAKER_MAX_INVENTORY`: most base inventory per pair, valued in the quote currency; above it
   *  the maker stops bidding on that pair. */
  maxInventory: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Empty variables count as unset, so `FOO=` in a shell or compose file falls back to the default. */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const config: Config = {
    role: e.SERVER_ROLE,
    port: e.PORT,
    host: e.HOST,
    mode: e.APP_MODE,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    sessionIdleDays: e.SESSION_IDLE_DAYS,
    sessionShortIdleMinutes: e.SESSION_SHORT_IDLE_MINUTES,
    passwordLogN: e.PASSWORD_HASH_LOG_N,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'no-reply@localhost',
    sms: smsSettings(e),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    marketFeed: e.MARKET_FEED ?? (e.APP_MODE === 'production' ? 'binance' : 'simulated'),
    marketSeed: e.MARKET_SEED,
    marketStaleMs: e.MARKET_STALE_MS,
    fiatSourceUrl: e.FIAT_SOURCE_URL ?? (e.APP_MODE === 'production' ? DEFAULT_FIAT_SOURCE_URL : undefined),
    depositAddresses: e.DEPOSIT_ADDRESSES ?? (e.APP_MODE === 'production' ? 'custody' : 'derived'),
    depositKeys: depositKeys(e),
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    rateLimits: {
      ...(e.RATE_LIMIT_PER_MINUTE ? { globalPerMinute: e.RATE_LIMIT_PER_MINUTE } : {}),
      ...(e.RATE_LIMIT_USER_PER_MINUTE ? { userPerMinute: e.RATE_LIMIT_USER_PER_MINUTE } : {}),
      ...(e.RATE_LIMIT_STRICT_PER_MINUTE ? { strictPerMinute: e.RATE_LIMIT_STRICT_PER_MINUTE } : {}),
      ...(e.CODES_PER_IP_PER_HOUR ? { codesPerIpPerHour: e.CODES_PER_IP_PER_HOUR } : {}),
    },
    devMailboxPublic: e.DEV_MAILBOX_PUBLIC === 'true',
    uploadQuotaBytes: Math.round(e.UPLOAD_QUOTA_MB * 1024 * 1024),
    uploadsPerHour: e.UPLOADS_PER_HOUR,
    maker: {
      enabled: e.MAKER_ENABLED ? e.MAKER_ENABLED === 'true' : e.APP_MODE === 'demo',
      spreadBps: e.MAKER_SPREAD_BPS,
      levels: e.MAKER_LEVELS,
      levelValue: e.MAKER_LEVEL_VALUE,
      maxInventory: e.MAKER_MAX_INVENTORY,
    },
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
        : undefined,
    pushWorker: e.PUSH_WORKER,
    metricsToken: e.METRICS_TOKEN,
    totpKeys: totpKeys(e.TOTP_KEYS),
  };
  assertProductionReady(config, e.MAIL_FROM);
  assertRoleReady(config);
  return config;
}

/** The key ring of `TOTP_KEYS`, checked now so a malformed key stops the start. */
function totpKeys(text: string | undefined): KeyRing | undefined {
  if (text === undefined) return undefined;
  const ring = parseKeyRing(text);
  if (typeof ring === 'string') throw new ConfigError(`TOTP_KEYS: ${ring}`);
  return ring;
}

/** Twilio's settings once `SMS_PROVIDER=twilio`; a half-configured provider is refused at start. */
function smsSettings(e: z.infer<typeof envSchema>): SmsSettings | undefined {
  if (!e.SMS_PROVIDER) return undefined;
  const missing = [
    ...(e.TWILIO_ACCOUNT_SID ? [] : ['TWILIO_ACCOUNT_SID']),
    ...(e.TWILIO_AUTH_TOKEN ? [] : ['TWILIO_AUTH_TOKEN']),
    ...(e.TWILIO_FROM || e.TWILIO_MESSAGING_SERVICE_SID ? [] : ['TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID']),
  ];
  if (missing.length > 0 || !e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN) {
    throw new ConfigError(`SMS_PROVIDER=twilio needs ${missing.join(', ')}`);
  }
  return {
    provider: 'twilio',
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    from: e.TWILIO_FROM,
    messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
  };
}

/** The watch-only account keys, each parsed now so a wrong or private key stops the start. */
function depositKeys(e: z.infer<typeof envSchema>): Record<KeyChain, string> | undefined {
  if (e.DEPOSIT_ADDRESSES !== 'xpub') return undefined;
  const given = { BTC: e.DEPOSIT_XPUB_BTC, ETH: e.DEPOSIT_XPUB_ETH, TRX: e.DEPOSIT_XPUB_TRX };
  const problems: string[] = [];
  for (const [chain, value] of Object.entries(given) as [KeyChain, string | undefined][]) {
    if (!value) {
      problems.push(`DEPOSIT_XPUB_${chain} is required with DEPOSIT_ADDRESSES=xpub`);
      continue;
    }
    try {
      parseAccountKey(chain, value);
    } catch (err) {
      if (!(err instanceof DepositKeyError)) throw err;
      problems.push(`DEPOSIT_XPUB_${chain} ${err.message}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(`Deposit address keys:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return { BTC: given.BTC ?? '', ETH: given.ETH ?? '', TRX: given.TRX ?? '' };
}

/** Production processes of separate roles need the database and Redis they share. */
function assertRoleReady(config: Config): void {
  if (config.mode !== 'production') return;
  const missing = roleRequirements(config.role, config);
  if (missing.length > 0) {
    throw new ConfigError(
      `SERVER_ROLE=${config.role} runs beside other processes; set:\n${missing.map((m) => `  ${m}`).join('\n')}`,
    );
  }
}

/**
 * Production must not fall back to any demo feature: the embedded database, the development
 * mailbox (used when no SMTP server or SMS provider is configured), a made-up sender address, simulated prices or
 * derived deposit addresses.
 */
function assertProductionReady(config: Config, mailFrom: string | undefined): void {
  if (config.mode !== 'production') return;
  const missing: string[] = [];
  if (!config.databaseUrl) missing.push('DATABASE_URL (production does not use the embedded database)');
  if (!config.smtpUrl) missing.push('SMTP_URL (production does not use the development mailbox)');
  if (!mailFrom) missing.push('MAIL_FROM (the sender address of verification mail)');
  if (!config.sms) {
    missing.push('SMS_PROVIDER=twilio and its TWILIO_* settings (verification codes sent by text message)');
  }
  if (config.passwordLogN < PASSWORD_LOG_N) {
    missing.push(`PASSWORD_HASH_LOG_N of at least ${PASSWORD_LOG_N} (a lower cost is for tests)`);
  }
  if (config.marketFeed === 'simulated')
    missing.push('MARKET_FEED=binance (production does not serve simulated prices)');
  if (config.depositAddresses === 'derived') {
    missing.push(
      'DEPOSIT_ADDRESSES=xpub or custody (derived deposit addresses have no key behind them; funds sent there are lost)',
    );
  }
  if (!config.publicUrl) {
    missing.push("PUBLIC_URL (the address users open: links in mail and the passkeys' relying party)");
  }
  if (!config.vapid) {
    missing.push(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (web push keys; npx web-push generate-vapid-keys)',
    );
  }
  if (!config.totpKeys) {
    missing.push('TOTP_KEYS (id:key of 32 bytes in base64, openssl rand -base64 32; seals authenticator-app secrets)');
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `APP_MODE=production refuses to start with demo features; set:\n${missing.map((m) => `  ${m}`).join('\n')}`,
    );
  }
}
