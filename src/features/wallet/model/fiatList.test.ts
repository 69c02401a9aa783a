import { describe, expect, it } from 'vitest';
import { FIAT_CODES } from '@contract/market';
import { fiatLines } from './fiatList';

const rates = FIAT_CODES.map((currency_code, i) => ({ currency_code, rate: currency_code === 'USD' ? '1' : `${i}.1` }));

describe('fiatLines', () => {
  it('lists every kept currency in the spec order, the headline one from the server', () => {
    const lines = fiatLines('10.5', rates, { currency_code: 'USD', total: '10.50' });
    expect(lines.map((l) => l.code)).toEqual([...FIAT_CODES]);
    expect(lines[0]).toEqual({ code: 'USD', total: '10.50', chosen: true });
    expect(lines.filter((l) => l.chosen)).toHaveLength(1);
  });

  it('multiplies exactly, never through a float', () => {
    const lines = fiatLines('0.1', [{ currency_code: 'CNY', rate: '0.2' }], { currency_code: 'USD', total: '0.1' });
    // 0.1 * 0.2 is 0.020000000000000004 in floating point.
    expect(lines.find((l) => l.code === 'CNY')?.total).toBe('0.02');
    const big = fiatLines('123456789012345.12345678', [{ currency_code: 'VND', rate: '25000' }], {
      currency_code: 'USD',
      total: '0',
    });
    expect(big.find((l) => l.code === 'VND')?.total).toBe('3086419725308628086.4195');
  });

  it('leaves out codes outside the kept list and unreadable rates', () => {
    const lines = fiatLines(
      '2',
      [
        { currency_code: 'XYZ', rate: '3' },
        { currency_code: 'EUR', rate: 'n/a' },
        { currency_code: 'GBP', rate: '0.5' },
      ],
      { currency_code: 'USD', total: '2' },
    );
    expect(lines.map((l) => [l.code, l.total])).toEqual([
      ['USD', '2'],
      ['GBP', '1'],
    ]);
  });

  it('shows the headline total alone while no rate table is known', () => {
    expect(fiatLines('3', undefined, { currency_code: 'HKD', total: '23.4' })).toEqual([
      { code: 'HKD', total: '23.4', chosen: true },
    ]);
  });
});
