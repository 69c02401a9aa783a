import { describe, expect, it } from 'vitest';
import { dualAmount, dualPayouts, dualProgress, dualSettlement, dualShares } from '@contract/invest';
import { linkedAbove } from './seed';

/**
 * SPEC.md section 9, written out: below the linked price the payout is in the coin,
 * amount x (1 + days x APR / 365); at or above it in USDT, amount x linked x (1 + days x APR / 365).
 */
describe('dual invest settlement formula', () => {
  // 10 shares x 0.01 BTC = 0.1 BTC; 7 days at 36.5 % a year: 1 + 7 x 0.365 / 365 = 1.007.
  const terms = { amount: dualAmount(10, '0.01'), linkedPrice: '100000', holdingDays: 7, apr: '0.365' };

  it('worked example: 0.1 BTC, linked 100,000, 7 days, APR 36.5 %', () => {
    expect(terms.amount).toBe('0.1');
    // Coin branch: 0.1 x 1.007 = 0.1007 BTC. USDT branch: 0.1 x 100,000 x 1.007 = 10,070 USDT.
    expect(dualPayouts(terms)).toEqual({ coin: '0.1007', usdt: '10070' });
    expect(dualSettlement(terms, '99999.99')).toEqual({ coin: true, payout: '0.1007' });
    // At the linked price exactly, and above it, the user is paid in USDT.
    expect(dualSettlement(terms, '100000')).toEqual({ coin: false, payout: '10070' });
    expect(dualSettlement(terms, '125000')).toEqual({ coin: false, payout: '10070' });
  });

  it('worked example: 3 shares of 0.001 BTC, linked 98,700, 1 day, APR 36.5 %', () => {
    const t = { amount: dualAmount(3, '0.001'), linkedPrice: '98700', holdingDays: 1, apr: '0.365' };
    // 1 + 1 x 0.365 / 365 = 1.001: 0.003 x 1.001 = 0.003003 BTC; 0.003 x 98,700 x 1.001 = 296.3961 USDT.
    expect(dualPayouts(t)).toEqual({ coin: '0.003003', usdt: '296.3961' });
  });

  it('rounds payouts down to 8 decimals', () => {
    // 1 + 3 x 0.55 / 365 = 1.0045205479452...: 0.001 BTC gives 0.00100452054... -> 0.00100452.
    const t = { amount: '0.001', linkedPrice: '3333.33', holdingDays: 3, apr: '0.55' };
    // 0.001 x 3333.33 x 1.0045205479... = 3.348398478082... -> 3.34839847.
    const p = dualPayouts(t);
    expect(p.coin).toBe('0.00100452');
    expect(p.usdt).toBe('3.34839847');
  });

  it('reads shares as whole numbers with the messages of SPEC.md section 8', () => {
    const issue = (v: unknown) => {
      const r = dualShares().safeParse(v);
      return r.success ? r.data : r.error.issues[0]?.message;
    };
    expect(issue(undefined)).toBe('dual_num_required');
    expect(issue('')).toBe('dual_num_required');
    expect(issue('  ')).toBe('dual_num_required');
    expect(issue('1.5')).toBe('dual_num_integer');
    expect(issue(1.5)).toBe('dual_num_integer');
    expect(issue('abc')).toBe('dual_num_integer');
    expect(issue('0')).toBe('dual_num_min');
    expect(issue('-2')).toBe('dual_num_min');
    expect(issue(String(2 ** 31))).toBe('field_invalid');
    expect(issue('12')).toBe(12);
    expect(issue(7)).toBe(7);
  });

  it('shows progress with two decimals and rounds demo linked prices up to a round step', () => {
    expect(dualProgress(1, 3)).toBe('33.33');
    expect(dualProgress(0, 10)).toBe('0');
    expect(dualProgress(10, 10)).toBe('100');
    expect(linkedAbove('97012.5', '0.02', 100n)).toBe('99000');
    expect(linkedAbove('3400', '0.04', 10n)).toBe('3540');
  });
});
