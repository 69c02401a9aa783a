import { expect, test } from 'vitest';
import { linePath, pushPoint } from './priceLine';

test('the price line keeps points in time order within its window', () => {
  let points = pushPoint([], { ts: 1000, price: '100' });
  points = pushPoint(points, { ts: 2000, price: '101' });
  expect(pushPoint(points, { ts: 2000, price: '99' })).toBe(points);
  points = pushPoint(points, { ts: 5000, price: '102' }, 3500);
  expect(points.map((p) => p.ts)).toEqual([2000, 5000]);
});

test('the line spans the box from the lowest to the highest price', () => {
  const path = linePath(
    [
      { ts: 0, price: '10' },
      { ts: 50, price: '20' },
      { ts: 100, price: '15' },
    ],
    100,
    48,
    4,
  );
  expect(path).toBe('0.0,44.0 50.0,4.0 100.0,24.0');
  expect(linePath([{ ts: 0, price: '1' }], 100, 48)).toBe('');
});
