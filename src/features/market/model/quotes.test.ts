import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { applyTicker, priceTag, quotesOrLoading } from './quotes';
import { inSegment, matchesKeyword, nextSort, sortQuotes } from './sorting';
import { formatChange, fullPrice, listPrice } from './display';
import { fiatValue, isFiatStale, FIAT_MAX_AGE_MS } from './fiat';
import { sampleQuote } from './quote.fixture';

const q = sampleQuote;

describe('sortQuotes', () => {
  it('compares prices as decimals, not text', () => {
    const list = [q(1, { price: '9.5' }), q(2, { price: '10' }), q(3, { price: '100.25' })];
    expect(sortQuotes(list, { key: 'price', dir: 'desc' }).map((x) => x.id)).toEqual([3, 2, 1]);
    expect(sortQuotes(list, { key: 'price', dir: 'asc' }).map((x) => x.id)).toEqual([1, 2, 3]);
  });

  it('sorts negative changes below positive ones and keeps the server order on ties', () => {
    const list = [q(3, { change: '-2.5' }), q(1, { change: '1' }), q(2, { change: '1' }), q(4, { change: 'x' })];
    expect(sortQuotes(list, { key: 'change', dir: 'desc' }).map((x) => x.id)).toEqual([1, 2, 3, 4]);
    expect(sortQuotes(list, null).map((x) => x.id)).toEqual([1, 2, 3, 4]);
  });

  it('is an ordering for any volumes (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e9 }), { maxLength: 30 }), (vols) => {
        const list = vols.map((v, i) => q(i + 1, { volume: String(v) }));
        const sorted = sortQuotes(list, { key: 'volume', dir: 'desc' });
        expect(sorted).toHaveLength(list.length);
        for (let i = 1; i < sorted.length; i++) {
          expect(new Decimal(sorted[i - 1]!.volume).gte(sorted[i]!.volume)).toBe(true);
        }
      }),
    );
  });

  it('cycles descending, ascending, unsorted', () => {
    expect(nextSort(null, 'price')).toEqual({ key: 'price', dir: 'desc' });
    expect(nextSort({ key: 'price', dir: 'desc' }, 'price')).toEqual({ key: 'price', dir: 'asc' });
    expect(nextSort({ key: 'price', dir: 'asc' }, 'price')).toBeNull();
    expect(nextSort({ key: 'price', dir: 'asc' }, 'volume')).toEqual({ key: 'volume', dir: 'desc' });
  });
});

describe('segments and search', () => {
  const lever = q(1, { open_lever: true });
  const stock = q(2, { kind: 'stock', symbol: 'AAPL/USD', currency_name: 'AAPL' });
  it('puts pairs in their segment', () => {
    expect(inSegment(lever, 'futures', new Set())).toBe(true);
    expect(inSegment(q(3), 'futures', new Set())).toBe(false);
    expect(inSegment(stock, 'coins', new Set())).toBe(false);
    expect(inSegment(stock, 'stocks', new Set())).toBe(true);
    expect(inSegment(stock, 'favorites', new Set([2]))).toBe(true);
  });
  it('matches keywords case-insensitively', () => {
    expect(matchesKeyword(stock, 'aap')).toBe(true);
    expect(matchesKeyword(stock, '  ')).toBe(false);
  });
});

describe('applyTicker', () => {
  it('takes newer ticks and ignores older ones', () => {
    const base = q(1, { ts: 100 });
    const tick = {
      type: 'daymarket',
      symbol: 'C1/USDT',
      now_price: '2',
      change: '1.5',
      volume: '9',
      high: '2',
      low: '1',
      stale: true,
    } as const;
    expect(applyTicker(base, { ...tick, ts: 200 }, 300)).toMatchObject({
      price: '2',
      stale: true,
      ts: 200,
      updatedAt: 300,
    });
    expect(applyTicker(base, { ...tick, ts: 50 }, 300)).toBe(base);
  });
});

describe('display (SPEC.md section 9)', () => {
  it('uses K, M and 4 decimals', () => {
    expect(listPrice('67123.456', 2)).toBe('67.12K');
    expect(listPrice('1234567', 2)).toBe('1.23M');
    expect(listPrice('0.123456', 4)).toBe('0.1235');
    expect(listPrice('228', 2)).toBe('228.00');
    expect(fullPrice('67123.456', 2)).toBe('67,123.46');
  });
  it('signs changes given in percent', () => {
    expect(formatChange('1.234')).toBe('+1.23%');
    expect(formatChange('-0.5')).toBe('-0.50%');
    expect(formatChange('0')).toBe('0.00%');
  });
  it('converts to the chosen fiat and expires the table after 24 h', () => {
    expect(fiatValue('100', 'CNY', '7.1')).toBe('≈ ¥710.00');
    expect(fiatValue('1000', 'EUR', '0.92')).toBe('≈ €920.00');
    expect(fiatValue('70000', 'JPY', '150')).toBe('≈ ¥10.50M');
    expect(isFiatStale(0, FIAT_MAX_AGE_MS)).toBe(false);
    expect(isFiatStale(0, FIAT_MAX_AGE_MS + 1)).toBe(true);
  });
});

describe('quotesOrLoading', () => {
  it('is loading while Dexie opens and while the first fetch fills an empty store', () => {
    expect(quotesOrLoading(undefined, false)).toBeUndefined();
    expect(quotesOrLoading([], true)).toBeUndefined();
  });
  it('lists what is stored, and is empty only once the first load is over', () => {
    const stored = [q(1)];
    expect(quotesOrLoading(stored, true)).toBe(stored);
    expect(quotesOrLoading([], false)).toEqual([]);
  });
});

describe('priceTag', () => {
  it('says Closed for a stock out of session, Stale only for a late feed while the market trades', () => {
    expect(priceTag(q(1, { kind: 'stock', market_open: false, stale: true }))).toBe('closed');
    expect(priceTag(q(1, { kind: 'stock', market_open: false, stale: false }))).toBe('closed');
    expect(priceTag(q(1, { kind: 'stock', market_open: true, stale: true }))).toBe('stale');
    expect(priceTag(q(1, { market_open: true, stale: false }))).toBeNull();
    // A copy stored before the field existed: as before, the feed's staleness alone.
    expect(priceTag(q(1, { stale: true }))).toBe('stale');
  });
});
