import { describe, expect, it } from 'vitest';
import { ACCOUNT_ID, isAccountName, masked, MASK, sum, visibleHoldings } from './accounts';
import { checkAmount, sanitizeAmountInput } from './amount';

describe('accounts', () => {
  it('maps the four accounts to the ids of the spec', () => {
    expect(ACCOUNT_ID).toEqual({ legal: 1, change: 2, lever: 3, micro: 4 });
    expect(isAccountName('micro')).toBe(true);
    expect(isAccountName('house')).toBe(false);
  });

  it('hides holdings worth under 1 USDT only when asked', () => {
    const h = [
      { currency: 'BTC', usdt: '0.99' },
      { currency: 'USDT', usdt: '1' },
      { currency: 'ETH', usdt: 'bad' },
    ];
    expect(visibleHoldings(h, false)).toHaveLength(3);
    expect(visibleHoldings(h, true).map((x) => x.currency)).toEqual(['USDT']);
  });

  it('masks amounts and sums decimals exactly', () => {
    expect(masked('12.00', true)).toBe(MASK);
    expect(masked('12.00', false)).toBe('12.00');
    expect(sum(['0.1', '0.2', ''])).toBe('0.3');
  });
});

describe('amount', () => {
  it('accepts positive amounts with up to 10 decimals', () => {
    expect(checkAmount('12.5')).toEqual({ ok: true, value: '12.5' });
    expect(checkAmount(' 0.0000000001 ')).toEqual({ ok: true, value: '0.0000000001' });
  });

  it.each([
    ['', 'invalid'],
    ['abc', 'invalid'],
    ['-1', 'invalid'],
    ['1.00000000001', 'invalid'],
    ['01', 'invalid'],
    ['0', 'zero'],
    ['0.000', 'zero'],
  ])('refuses %j as %s', (text, problem) => {
    expect(checkAmount(text)).toEqual({ ok: false, problem });
  });

  it('checks the balance and the minimum', () => {
    expect(checkAmount('10.01', { available: '10' })).toEqual({ ok: false, problem: 'insufficient' });
    expect(checkAmount('10', { available: '10' }).ok).toBe(true);
    expect(checkAmount('0.5', { min: '1' })).toEqual({ ok: false, problem: 'below_min' });
  });

  it('cleans typed input', () => {
    expect(sanitizeAmountInput('1a2.3.4')).toBe('12.34');
    expect(sanitizeAmountInput('0.123456789012')).toBe('0.1234567890');
    expect(sanitizeAmountInput('7')).toBe('7');
  });
});

describe('wallet list', async () => {
  const { accountOf, availableIn } = await import('./wallet');
  const item = { currency: 3, currency_name: 'USDT', available: '10', held: '2', usdt_price: '1', usdt_value: '12' };
  const empty = { balance: [], usdt_total: '0' };
  const reply = {
    legal_wallet: { balance: [{ ...item, legal_balance: '10', lock_legal_balance: '2' }], usdt_total: '12' },
    change_wallet: empty,
    lever_wallet: empty,
    micro_wallet: empty,
    usdt_total: '12',
    fiat: {
      currency_code: 'USD',
      rate: '1',
      total: '12',
      source: 'fallback' as const,
      as_of: '2025-11-14T00:00:00.000Z',
    },
    demo: true,
  };

  it('reads one account and the spendable amount of a currency', () => {
    expect(accountOf(reply, 'legal')).toEqual({
      name: 'legal',
      usdtTotal: '12',
      holdings: [{ currencyId: 3, currency: 'USDT', available: '10', held: '2', usdt: '12' }],
    });
    expect(availableIn(reply, 'legal', 3)).toBe('10');
    expect(availableIn(reply, 'change', 3)).toBe('0');
    expect(availableIn(undefined, 'legal', 3)).toBe('0');
  });
});

describe('records', async () => {
  const { toPage, timeOf, recordKey } = await import('./records');
  it('knows whether another page exists', () => {
    expect(toPage({ data: [1, 2], current_page: 1, last_page: 2 })).toEqual({ items: [1, 2], more: true });
    expect(toPage({ data: [], current_page: 1, last_page: 1 }).more).toBe(false);
  });
  it('reads server times and builds record keys', () => {
    expect(timeOf('2026-01-02T03:04:05.000Z')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(timeOf('nope')).toBe(0);
    expect(recordKey({ id: 9, created_at: '1970-01-01T00:00:01Z' })).toEqual({ id: '9', createdAt: 1000 });
  });
});
