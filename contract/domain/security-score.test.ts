import { describe, expect, it } from 'vitest';
import { PROTECTION_WEIGHTS, securityScore, type ProtectionKey } from './security-score';

const all = Object.keys(PROTECTION_WEIGHTS) as ProtectionKey[];

describe('securityScore', () => {
  it('is 0 with nothing on and lists every protection, heaviest first', () => {
    const s = securityScore([]);
    expect(s.score).toBe(0);
    expect(s.on).toEqual([]);
    expect(s.next).toEqual(['passkey', 'totp', 'whitelist', 'pay_password', 'anti_phishing']);
  });

  it('is 100 with everything on and nothing left to add', () => {
    expect(securityScore(all.map((key) => ({ key, on: true })))).toEqual({ score: 100, on: all, next: [] });
  });

  it('weighs each protection and rounds to a whole number', () => {
    const s = securityScore([
      { key: 'pay_password', on: true },
      { key: 'totp', on: false },
      { key: 'whitelist', on: true },
    ]);
    // (15 + 20) / 100
    expect(s.score).toBe(35);
    expect(s.on).toEqual(['whitelist', 'pay_password']);
    expect(s.next).toEqual(['passkey', 'totp', 'anti_phishing']);
  });

  it('counts a repeated flag once and ignores keys it does not know', () => {
    const repeated = securityScore([
      { key: 'passkey', on: true },
      { key: 'passkey', on: true },
      { key: 'nonsense' as ProtectionKey, on: true },
    ]);
    expect(repeated.score).toBe(30);
    expect(repeated.on).toEqual(['passkey']);
  });

  it('never goes down when a protection is switched on', () => {
    for (let mask = 0; mask < 1 << all.length; mask++) {
      const flags = all.map((key, i) => ({ key, on: (mask & (1 << i)) !== 0 }));
      const base = securityScore(flags).score;
      for (let i = 0; i < all.length; i++) {
        const more = flags.map((f, j) => (j === i ? { ...f, on: true } : f));
        expect(securityScore(more).score).toBeGreaterThanOrEqual(base);
      }
    }
  });
});
