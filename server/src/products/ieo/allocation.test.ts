import { describe, expect, it } from 'vitest';
import { allocate, fromUnits, toUnits } from './allocation';

const apps = (...units: bigint[]) => units.map((u, i) => ({ id: i + 1, units: u }));

describe('IEO allocation', () => {
  it('gives everyone what they applied for when the supply covers it', () => {
    expect(allocate(apps(5n, 7n), 12n)).toEqual([5n, 7n]);
    expect(allocate(apps(5n, 7n), 100n)).toEqual([5n, 7n]);
  });

  it('is pro rata rounded down, the leftover units to the largest remainders, earliest on a tie', () => {
    // 1 coin among three equal applications: 0.33333333 each and one unit left for the first.
    expect(allocate(apps(100_000_000n, 100_000_000n, 100_000_000n), 100_000_000n)).toEqual([
      33_333_334n,
      33_333_333n,
      33_333_333n,
    ]);
    // 60/50/40 of 100: exact shares 40, 33.33.., 26.66..; the one leftover unit goes to 26.66...
    expect(allocate(apps(60n, 50n, 40n), 100n)).toEqual([40n, 33n, 27n]);
  });

  it('never exceeds the supply nor an application, and is within one unit of the exact share', () => {
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let round = 0; round < 500; round++) {
      const list = apps(...Array.from({ length: 1 + rnd(30) }, () => BigInt(1 + rnd(1_000_000))));
      const supply = BigInt(1 + rnd(5_000_000));
      const total = list.reduce((s, a) => s + a.units, 0n);
      const passed = allocate(list, supply);
      const sum = passed.reduce((s, p) => s + p, 0n);
      expect(sum).toBe(total <= supply ? total : supply);
      passed.forEach((p, i) => {
        const applied = list[i]!.units;
        expect(p >= 0n && p <= applied).toBe(true);
        if (total > supply) {
          const exactFloor = (applied * supply) / total;
          expect(p === exactFloor || p === exactFloor + 1n).toBe(true);
        }
      });
    }
  });

  it('counts quantities in units of 10^-8 and refuses finer ones', () => {
    expect(toUnits('1.5')).toBe(150_000_000n);
    expect(fromUnits(33_333_334n)).toBe('0.33333334');
    expect(() => toUnits('0.000000001')).toThrow(RangeError);
  });
});
