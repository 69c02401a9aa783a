import type { Config } from '../config';

/** A valid configuration for tests: demo mode, quiet, sessions idle out after 30 days. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    mode: 'demo',
    databaseUrl: undefined,
    dataDir: './data',
    sessionIdleDays: 30,
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
