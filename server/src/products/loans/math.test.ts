import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  collateralFor,
  debtOf,
  dueAt,
  hourlyInterest,
  hourOf,
  interestFor,
  liquidationSplit,
  ltvOf,
  priceAtLtv,
  reachesLtv,
  splitRepayment,
  DAY_MS,
  HOUR_MS,
} from './math';

describe('loan math', () => {
  it('charges principal x hourly rate per started hour, rounded up to 8 decimals', () => {
    expect(hourlyInterest('10000', '0.000005').toFixed()).toBe('0.05');
    // 1234.5678 x 0.0000071 = 0.00876543138: up to 0.00876544.
    expect(hourlyInterest('1234.5678', '0.0000071').toFixed()).toBe('0.00876544');
    expect(interestFor('1234.5678', '0.0000071', 720).toFixed()).toBe(new Decimal('0.00876544').times(720).toFixed());
    expect(interestFor('100', '0.01', 0).toFixed()).toBe('0');
  });

  it('numbers hours from the epoch in UTC', () => {
    expect(hourOf(0)).toBe(0);
    expect(hourOf(HOUR_MS - 1)).toBe(0);
    expect(hourOf(new Date(5 * HOUR_MS))).toBe(5);
  });

  it('LTV and the prices of a margin call and a liquidation', () => {
    // 6,500 against 0.2 BTC at 50,000 (value 10,000): 65 %.
    expect(ltvOf('6500', '0.2', '50000').toFixed()).toBe('0.65');
    // 80 % at 6500 / (0.2 x 0.8) = 40,625; 90 % at 36,111.11111111 (rounded down).
    expect(priceAtLtv('6500', '0.2', '0.8').toFixed()).toBe('40625');
    expect(priceAtLtv('6500', '0.2', '0.9').toFixed()).toBe('36111.11111111');
    expect(reachesLtv('6500', '0.2', '36111.11111111', '0.9')).toBe(true);
    expect(reachesLtv('6500', '0.2', '36111.11111112', '0.9')).toBe(false);
    expect(collateralFor('6500', '50000', '0.65').toFixed()).toBe('0.2');
    expect(collateralFor('100', '30000', '0.65').toFixed()).toBe('0.00512821');
  });

  it('takes interest first, then principal, and never more than the debt', () => {
    const small = splitRepayment('3', '5', '100');
    expect([small.interest.toFixed(), small.principal.toFixed(), small.paid.toFixed()]).toEqual(['3', '0', '3']);
    const part = splitRepayment('50', '5', '100');
    expect([part.interest.toFixed(), part.principal.toFixed(), part.paid.toFixed()]).toEqual(['5', '45', '50']);
    const over = splitRepayment('500', '5', '100');
    expect([over.interest.toFixed(), over.principal.toFixed(), over.paid.toFixed()]).toEqual(['5', '100', '105']);
    expect(debtOf('100', '5').toFixed()).toBe('105');
  });

  it('a liquidation sells the collateral, pays the debt and returns the rest', () => {
    const s = liquidationSplit('0.2', '36000', '6500', '1.2');
    expect(s.proceeds.toFixed()).toBe('7200');
    expect(s.repaid.toFixed()).toBe('6501.2');
    expect(s.returned.toFixed()).toBe('698.8');
    expect(s.shortfall.toFixed()).toBe('0');
    const gap = liquidationSplit('0.1', '30000', '3500', '10');
    expect([gap.repaid.toFixed(), gap.returned.toFixed(), gap.shortfall.toFixed()]).toEqual(['3000', '0', '510']);
  });

  it('a fixed term is due that many days later; an open one never', () => {
    const at = new Date(Date.UTC(2030, 0, 1, 10));
    expect(dueAt(at, 7)!.getTime()).toBe(at.getTime() + 7 * DAY_MS);
    expect(dueAt(at, 0)).toBeNull();
  });
});
