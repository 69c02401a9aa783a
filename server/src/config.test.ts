import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_FIAT_SOURCE_URL, loadConfig } from './config';

/** BIP 84's test vector account key, and account xpubs of the same "abandon … about" mnemonic. */
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const ETH_XPUB =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';
const TRX_XPUB =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';
/** BIP 32 test vector 1's master public key (depth 0). */
const BIP32_VECTOR1_MASTER =
  'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';

const TWILIO = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0a'.repeat(16)}`,
  TWILIO_AUTH_TOKEN: 'f'.repeat(32),
  TWILIO_FROM: '+15005550006',
};

/** A key ring for authenticator-app secrets, which production requires. */
const TOTP = { TOTP_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}` };

describe('loadConfig', () => {
  it('has demo defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      mode: 'demo',
      databaseUrl: undefined,
      dataDir: './data',
      sessionIdleDays: 30,
      trustProxy: false,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/app',
      DATA_DIR: '/var/lib/h5',
      SESSION_IDLE_DAYS: '7',
      SMTP_URL: 'smtps://user:pass@mail.example.com',
      MAIL_FROM: 'H5 <no-reply@example.com>',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://h5.example.com',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/app',
      dataDir: '/var/lib/h5',
      sessionIdleDays: 7,
      smtpUrl: 'smtps://user:pass@mail.example.com',
      mailFrom: 'H5 <no-reply@example.com>',
      trustProxy: 1,
      logLevel: 'warn',
      publicUrl: 'https://h5.example.com',
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('fails fast, naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', APP_MODE: 'staging', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', APP_MODE: 'staging', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('APP_MODE');
      expect(message).toContain('DATABASE_URL');
    }
  });

  it('refuses production with demo features: no SMTP, no database, no sender', () => {
    let message = '';
    try {
      loadConfig({ APP_MODE: 'production' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('MAIL_FROM');
    expect(message).toContain('VAPID_PUBLIC_KEY');
    expect(message).toContain('SMS_PROVIDER=twilio');
    expect(message).toContain('PUBLIC_URL');
    expect(message).toContain('TOTP_KEYS');
    const config = loadConfig({
      APP_MODE: 'production',
      PUBLIC_URL: 'https://app.example.com',
      DATABASE_URL: 'postgresql://db/app',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'no-reply@example.com',
      VAPID_PUBLIC_KEY: 'BKmX8LFxDXlPFEoi2x19680ow0xx51gv9x8LSIvRdRZA3BpSDmEtwO6XHmgWGHEg3KYg3BP5GApaJKk3TuBPg1A',
      VAPID_PRIVATE_KEY: '-GeDLGgkUDpHxrySo1GxA-GTgaU_CiLwAUjN3zQG5gk',
      VAPID_SUBJECT: 'mailto:ops@example.com',
      ...TWILIO,
      ...TOTP,
    });
    expect(config.mode).toBe('production');
    expect(config.passwordLogN).toBe(15);
    expect(config.depositAddresses).toBe('custody');
    expect(config.fiatSourceUrl).toBe(DEFAULT_FIAT_SOURCE_URL);
  });

  it('refuses production with derived deposit addresses (no key behind them) or a test password cost', () => {
    const production = {
      APP_MODE: 'production',
      PUBLIC_URL: 'https://app.example.com',
      DATABASE_URL: 'postgresql://db/app',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'a@b.c',
      VAPID_PUBLIC_KEY: 'BKmX8LFxDXlPFEoi2x19680ow0xx51gv9x8LSIvRdRZA3BpSDmEtwO6XHmgWGHEg3KYg3BP5GApaJKk3TuBPg1A',
      VAPID_PRIVATE_KEY: '-GeDLGgkUDpHxrySo1GxA-GTgaU_CiLwAUjN3zQG5gk',
      VAPID_SUBJECT: 'mailto:ops@example.com',
      ...TWILIO,
      ...TOTP,
    };
    expect(() => loadConfig({ ...production, DEPOSIT_ADDRESSES: 'derived' })).toThrow(
      /DEPOSIT_ADDRESSES=xpub or custody/,
    );
    // The tests' lower password cost is refused, and one outside scrypt's sane range anywhere.
    expect(() => loadConfig({ ...production, PASSWORD_HASH_LOG_N: '12' })).toThrow(
      /PASSWORD_HASH_LOG_N of at least 15/,
    );
    expect(loadConfig({ ...production, PASSWORD_HASH_LOG_N: '16' }).passwordLogN).toBe(16);
    expect(loadConfig({ PASSWORD_HASH_LOG_N: '10' }).passwordLogN).toBe(10);
    expect(() => loadConfig({ PASSWORD_HASH_LOG_N: '9' })).toThrow(/PASSWORD_HASH_LOG_N/);
    expect(loadConfig({}).depositAddresses).toBe('derived');
    const keys = { DEPOSIT_XPUB_BTC: BIP84_ZPUB, DEPOSIT_XPUB_ETH: ETH_XPUB, DEPOSIT_XPUB_TRX: TRX_XPUB };
    expect(loadConfig({ ...production, DEPOSIT_ADDRESSES: 'xpub', ...keys }).depositAddresses).toBe('xpub');
  });

  it('reads the SMS provider and refuses one that is half configured', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    expect(loadConfig(TWILIO).sms).toEqual({
      provider: 'twilio',
      accountSid: TWILIO.TWILIO_ACCOUNT_SID,
      authToken: TWILIO.TWILIO_AUTH_TOKEN,
      from: '+15005550006',
      messagingServiceSid: undefined,
    });
    const service = `MG${'1'.repeat(32)}`;
    const { TWILIO_FROM: _from, ...noSender } = TWILIO;
    expect(loadConfig({ ...noSender, TWILIO_MESSAGING_SERVICE_SID: service }).sms?.messagingServiceSid).toBe(service);
    expect(() => loadConfig(noSender)).toThrow(/TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID/);
    expect(() => loadConfig({ ...TWILIO, TWILIO_AUTH_TOKEN: '' })).toThrow(/needs TWILIO_AUTH_TOKEN/);
    expect(() => loadConfig({ ...TWILIO, TWILIO_ACCOUNT_SID: 'SK123' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ ...TWILIO, TWILIO_FROM: '5550006' })).toThrow(/TWILIO_FROM/);
    expect(loadConfig({ ...TWILIO, TWILIO_FROM: 'H5 Exchange' }).sms?.from).toBe('H5 Exchange');
  });

  it('reads the watch-only deposit keys, refusing missing, private or misplaced ones with the reason', () => {
    const keys = { DEPOSIT_XPUB_BTC: BIP84_ZPUB, DEPOSIT_XPUB_ETH: ETH_XPUB, DEPOSIT_XPUB_TRX: TRX_XPUB };
    const config = loadConfig({ DEPOSIT_ADDRESSES: 'xpub', ...keys });
    expect(config.depositAddresses).toBe('xpub');
    expect(config.depositKeys).toEqual({ BTC: BIP84_ZPUB, ETH: ETH_XPUB, TRX: TRX_XPUB });
    expect(loadConfig(keys).depositKeys).toBeUndefined();
    expect(() => loadConfig({ DEPOSIT_ADDRESSES: 'xpub', DEPOSIT_XPUB_BTC: BIP84_ZPUB })).toThrow(
      /DEPOSIT_XPUB_ETH is required with DEPOSIT_ADDRESSES=xpub\n\s+DEPOSIT_XPUB_TRX is required/,
    );
    expect(() =>
      loadConfig({ DEPOSIT_ADDRESSES: 'xpub', ...keys, DEPOSIT_XPUB_ETH: `xprv${ETH_XPUB.slice(4)}` }),
    ).toThrow(/DEPOSIT_XPUB_ETH is a private key/);
    expect(() => loadConfig({ DEPOSIT_ADDRESSES: 'xpub', ...keys, DEPOSIT_XPUB_TRX: BIP32_VECTOR1_MASTER })).toThrow(
      /DEPOSIT_XPUB_TRX must be the account key at m\/44'\/195'\/0'/,
    );
  });

  it('calls no outside fiat rate service in demo mode unless FIAT_SOURCE_URL is set', () => {
    expect(loadConfig({}).fiatSourceUrl).toBeUndefined();
    expect(loadConfig({ FIAT_SOURCE_URL: 'https://rates.example/usd' }).fiatSourceUrl).toBe(
      'https://rates.example/usd',
    );
  });

  it('reads SERVER_ROLE (all by default); production api and worker processes need PostgreSQL and Redis', () => {
    expect(loadConfig({}).role).toBe('all');
    expect(loadConfig({ SERVER_ROLE: 'api' }).role).toBe('api');
    expect(() => loadConfig({ SERVER_ROLE: 'scheduler' })).toThrow(/SERVER_ROLE/);
    const production = {
      APP_MODE: 'production',
      PUBLIC_URL: 'https://app.example.com',
      DATABASE_URL: 'postgresql://db/app',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'a@b.c',
      VAPID_PUBLIC_KEY: 'BKmX8LFxDXlPFEoi2x19680ow0xx51gv9x8LSIvRdRZA3BpSDmEtwO6XHmgWGHEg3KYg3BP5GApaJKk3TuBPg1A',
      VAPID_PRIVATE_KEY: '-GeDLGgkUDpHxrySo1GxA-GTgaU_CiLwAUjN3zQG5gk',
      VAPID_SUBJECT: 'mailto:ops@example.com',
      ...TWILIO,
      ...TOTP,
    };
    // One process doing everything needs no Redis.
    expect(loadConfig(production).role).toBe('all');
    for (const role of ['api', 'worker']) {
      expect(() => loadConfig({ ...production, SERVER_ROLE: role })).toThrow(
        new RegExp(`SERVER_ROLE=${role} runs beside other processes; set:\\n  REDIS_URL`),
      );
      const config = loadConfig({ ...production, SERVER_ROLE: role, REDIS_URL: 'redis://cache:6379' });
      expect(config).toMatchObject({ role, redisUrl: 'redis://cache:6379' });
    }
    // Demo mode lets a role run alone, on the embedded database, to try it.
    expect(loadConfig({ SERVER_ROLE: 'worker' }).role).toBe('worker');
  });

  it('reads the HTTP rate limits from the environment, leaving unset ones to the defaults', () => {
    expect(loadConfig({}).rateLimits).toEqual({});
    const set = loadConfig({
      RATE_LIMIT_PER_MINUTE: '120',
      RATE_LIMIT_USER_PER_MINUTE: '900',
      RATE_LIMIT_STRICT_PER_MINUTE: '5',
    });
    expect(set.rateLimits).toEqual({ globalPerMinute: 120, userPerMinute: 900, strictPerMinute: 5 });
    expect(() => loadConfig({ RATE_LIMIT_USER_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_USER_PER_MINUTE/);
  });

  it('reads the Redis key prefix, refusing characters that could split a key', () => {
    expect(loadConfig({}).redisPrefix).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: 'h5-prod:' })).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'h5-prod:',
    });
    expect(() => loadConfig({ REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
    expect(() => loadConfig({ REDIS_PREFIX: 'x'.repeat(65) })).toThrow(/REDIS_PREFIX/);
  });
});
