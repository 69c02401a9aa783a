import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const PRODUCTION = {
  APP_MODE: 'production',
  PUBLIC_URL: 'https://app.example.com',
  DATABASE_URL: 'postgresql://db/app',
  SMTP_URL: 'smtp://mail:25',
  MAIL_FROM: 'no-reply@example.com',
  VAPID_PUBLIC_KEY: 'BKmX8LFxDXlPFEoi2x19680ow0xx51gv9x8LSIvRdRZA3BpSDmEtwO6XHmgWGHEg3KYg3BP5GApaJKk3TuBPg1A',
  VAPID_PRIVATE_KEY: '-GeDLGgkUDpHxrySo1GxA-GTgaU_CiLwAUjN3zQG5gk',
  VAPID_SUBJECT: 'mailto:ops@example.com',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'f'.repeat(32),
  TWILIO_FROM: '+15005550006',
  TOTP_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
};

describe('market settings', () => {
  it('simulates in demo and uses the exchange in production by default', () => {
    expect(loadConfig({})).toMatchObject({ marketFeed: 'simulated', marketStaleMs: 10_000 });
    expect(loadConfig(PRODUCTION).marketFeed).toBe('binance');
    expect(loadConfig({ MARKET_SEED: '5', MARKET_STALE_MS: '3000' })).toMatchObject({
      marketSeed: 5,
      marketStaleMs: 3000,
    });
  });

  it('refuses simulated prices in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, MARKET_FEED: 'simulated' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, MARKET_FEED: 'simulated' })).toThrow(/MARKET_FEED=binance/);
    expect(() => loadConfig({ MARKET_FEED: 'coinbase' })).toThrow(/MARKET_FEED/);
  });
});
