import webpush from 'web-push';
import type { Config } from '../config';
import type { KeyRing } from '../security/secret-box';

/** One VAPID pair per test process, generated lazily: production requires keys from the environment. */
let productionVapid: Config['vapid'];
const vapidForProduction = () =>
  (productionVapid ??= { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.test' });

/** The authenticator-app key ring a production configuration must set. */
const TEST_PRODUCTION_KEYS: KeyRing = { current: 'test1', keys: new Map([['test1', Buffer.alloc(32, 9)]]) };

/**
 * A valid configuration for tests: demo mode, quiet, sessions idle out after 30 days. A production
 * configuration gets VAPID keys as a production environment must set them, unless the test passes
 * its own `vapid` (or `vapid: undefined` to see the refusal).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const vapid = overrides.mode === 'production' && !('vapid' in overrides) ? { vapid: vapidForProduction() } : {};
  const totp = overrides.mode === 'production' && !('totpKeys' in overrides) ? { totpKeys: TEST_PRODUCTION_KEYS } : {};
  return {
    ...vapid,
    ...totp,
    role: 'all',
    port: 0,
    host: '127.0.0.1',
    mode: 'demo',
    databaseUrl: undefined,
    dataDir: './data',
    sessionIdleDays: 30,
    sessionShortIdleMinutes: 30,
    // 1/32 of production's scrypt cost: every sign-up in the suite hashes a password.
    passwordLogN: 10,
    smtpUrl: undefined,
    mailFrom: 'no-reply@example.test',
    trustProxy: false,
    logLevel: 'silent',
    publicUrl: undefined,
    marketFeed: 'simulated',
    marketSeed: 7,
    marketStaleMs: 10_000,
    fiatSourceUrl: 'http://127.0.0.1:9/fiat',
    depositAddresses: 'derived',
    ...overrides,
  };
}
