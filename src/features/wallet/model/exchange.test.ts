import { describe, expect, it } from 'vitest';
import { quoteExchange } from './exchange';

describe('exchange quote', () => {
  const terms = { price: '30000', fee_rate: '0.002', decimals: 4, min_number: '0.0001' };
  it('converts, rounds down, and takes a fee rounded down, as the server does', () => {
    expect(quoteExchange('0.5', terms)).toEqual({ ok: true, gross: '15000', fee: '30', received: '14970' });
    // The server's own figures for 3.3333 USDT to BTC at 0.00002 (wallet.test.ts).
    const usdtToBtc = { price: '0.00002', fee_rate: '0.002', decimals: 8, min_number: '2.5' };
    expect(quoteExchange('3.3333', usdtToBtc)).toEqual({
      ok: true,
      gross: '0.00006666',
      fee: '0.00000013',
      received: '0.00006653',
    });
  });
  it('refuses amounts below the published minimum, naming it', () => {
    const usdtToBtc = { price: '0.00002', fee_rate: '0.002', decimals: 8, min_number: '2.5' };
    expect(quoteExchange('0.002', usdtToBtc)).toEqual({ ok: false, problem: 'below_minimum', min: '2.5' });
  });
  it('has no quote without an amount or terms', () => {
    expect(quoteExchange('', terms)).toBeNull();
    expect(quoteExchange('0', terms)).toBeNull();
    expect(quoteExchange('1', undefined)).toBeNull();
  });
});
