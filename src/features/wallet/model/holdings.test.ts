import { describe, expect, it } from 'vitest';
import { pages } from '@/lib/nav';
import { assetsTotal, productTarget, type HoldingsReply } from './holdings';
import type { WalletListReply } from './wallet';

const list = (usdt_total: string, rate: string) =>
  ({ usdt_total, fiat: { currency_code: 'HKD', rate, total: '0', source: 'live', as_of: '' } }) as WalletListReply;
const holdings = (usdt_outside_accounts: string): HoldingsReply => ({
  holdings: [],
  usdt_outside_accounts,
  priced_at: 0,
});

describe('the assets total', () => {
  it('adds what the products hold outside the accounts, once, and converts at the list rate', () => {
    // 47,500 in the accounts (margin and locked principal among them) + 815.5 outside them.
    expect(assetsTotal(list('47500', '7.8'), holdings('815.5'))).toEqual({ usdt: '48315.5', fiat: '376860.9' });
  });

  it('takes a loss beyond the accounts, and keeps the fiat figure exact for the display to round', () => {
    expect(assetsTotal(list('1000.123456', '7.123'), holdings('-12.5'))).toEqual({
      usdt: '987.623456',
      fiat: '7034.841877088',
    });
  });

  it('is the accounts alone until the products have answered', () => {
    expect(assetsTotal(list('100', '1'), undefined)).toEqual({ usdt: '100', fiat: '100' });
    expect(assetsTotal(list('100', '1'), null)).toEqual({ usdt: '100', fiat: '100' });
  });

  it('keeps every digit of a large total in a currency of many units', () => {
    expect(assetsTotal(list('123456789012.12345678', '25400'), holdings('0.00000001')).fiat).toBe(
      '3135802440907935.802466',
    );
  });
});

describe('product links', () => {
  it('lead to the orders once used, to the product before, and nowhere for margin', () => {
    expect(productTarget('lock', true)).toBe(pages.lockming.order);
    expect(productTarget('lock', false)).toBe(pages.lockming.lockming);
    expect(productTarget('futures', false)).toEqual({ to: pages.transaction.index, search: { tab: 'futures' } });
    expect(productTarget('margin', false)).toBeNull();
  });
});
