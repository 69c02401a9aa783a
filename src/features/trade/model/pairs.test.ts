import { describe, expect, it } from 'vitest';
import type { PairQuote } from '@contract/market';
import { pairsIn, sectionOf } from './pairs';

const pair = (symbol: string, currency_id: number, kind: 'spot' | 'stock', name = symbol.split('/')[0]!) =>
  ({ symbol, currency_id, kind, currency_name: name }) as PairQuote;
const PAIRS = [pair('BTC/USDT', 1, 'spot'), pair('ETH/USDT', 2, 'spot'), pair('AAPL/USD', 101, 'stock')];

describe('pair sections', () => {
  it('splits coins, stocks and favorites, and searches by ticker', () => {
    expect(pairsIn(PAIRS, 'coin', new Set()).map((p) => p.symbol)).toEqual(['BTC/USDT', 'ETH/USDT']);
    expect(pairsIn(PAIRS, 'stock', new Set()).map((p) => p.symbol)).toEqual(['AAPL/USD']);
    expect(pairsIn(PAIRS, 'favorites', new Set([2, 101])).map((p) => p.symbol)).toEqual(['ETH/USDT', 'AAPL/USD']);
    expect(pairsIn(PAIRS, 'coin', new Set(), ' eth ').map((p) => p.symbol)).toEqual(['ETH/USDT']);
    expect(sectionOf(PAIRS[2]!)).toBe('stock');
  });
});
