import { describe, expect, it } from 'vitest';
import { depthSteps, groupLevels, stepDecimals } from '.';

describe('depth grouping', () => {
  it('offers the tick size times 1, 10 and 100', () => {
    expect(depthSteps('0.01')).toEqual(['0.01', '0.1', '1']);
    expect(depthSteps('0.5')).toEqual(['0.5', '5', '50']);
    expect(depthSteps('0')).toEqual([]);
    expect(stepDecimals('0.1')).toBe(1);
    expect(stepDecimals('10')).toBe(0);
  });

  it('rounds bids down and asks up to the step and sums their amounts exactly', () => {
    const bids = [
      ['100.99', '0.1'],
      ['100.5', '0.2'],
      ['99.99', '1'],
    ] as const;
    expect(groupLevels(bids, '1', 'bid')).toEqual([
      ['100', '0.3'],
      ['99', '1'],
    ]);
    const asks = [
      ['101.01', '0.1'],
      ['101.9', '0.2'],
      ['102', '0.3'],
    ] as const;
    expect(groupLevels(asks, '1', 'ask')).toEqual([['102', '0.6']]);
    expect(groupLevels(asks, '0.01', 'ask')).toEqual(asks.map(([p, a]) => [p, a]));
  });

  it('keeps at most the levels asked for', () => {
    const bids = Array.from({ length: 30 }, (_, i) => [String(200 - i), '1'] as const);
    expect(groupLevels(bids, '1', 'bid')).toHaveLength(10);
    expect(groupLevels(bids, '10', 'bid', 3)).toEqual([
      ['200', '1'],
      ['190', '10'],
      ['180', '10'],
    ]);
  });
});
