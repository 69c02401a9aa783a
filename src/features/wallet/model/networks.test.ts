import { describe, expect, it } from 'vitest';
import { isChainCurrency, pickNetwork, selectNext } from './networks';

describe('networks', () => {
  it('keeps a stored network the coin supports, else the default', () => {
    expect(pickNetwork('USDT', 'ERC20')).toBe('ERC20');
    expect(pickNetwork('USDT', '')).toBe('TRC20');
    expect(pickNetwork('BTC', 'TRC20')).toBe('BTC');
    expect(pickNetwork('ETH', 'TRC20')).toBe('ERC20');
  });
  it('recognizes coins and the picker target', () => {
    expect(isChainCurrency('ETH')).toBe(true);
    expect(isChainCurrency('DOGE')).toBe(false);
    expect(selectNext('withdraw')).toBe('withdraw');
    expect(selectNext(undefined)).toBe('receive');
  });
});
