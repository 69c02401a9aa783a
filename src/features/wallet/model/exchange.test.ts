import { describe, expect, it } from 'vitest';
import { quoteExchange } from './exchange';

describe('exchange quote', () => {
  const terms = { price: '30000', fee_rate: '0.002', decimals: 4 };
  it('converts, takes the fee and rounds what arrives down', () => {
    expect(quoteExchange('0.5', terms)).toEqual({ gross: '15000', fee: '30', received: '14970' });
    expect(quoteExchange('0.00001', { price: '3', fee_rate: '0.001', decimals: 4 })).toEqual({
      gross: '0',
      fee: '0.0001',
      received: '0',
    });
  });
  it('has no quote without an amount or terms', () => {
    expect(quoteExchange('', terms)).toBeNull();
    expect(quoteExchange('0', terms)).toBeNull();
    expect(quoteExchange('1', undefined)).toBeNull();
  });
});
