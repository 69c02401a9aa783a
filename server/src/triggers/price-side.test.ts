import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PriceSide } from './price-side';

/** Takes every key of a side out: the ids of what it held. */
function fireAll(side: PriceSide): number[] {
  const out: number[] = [];
  side.take(side.above ? Infinity : -Infinity, out);
  return out;
}

describe('price side', () => {
  it('takes off its own bucket the keys a price reaches, nearest first, and leaves the rest', () => {
    const up = new PriceSide(true);
    // All within one bucket (width 10 for keys around 100,000).
    for (const [key, id] of [
      [100_005, 1],
      [100_001, 2],
      [100_003, 3],
      [100_009, 4],
      [100_002, 5],
    ] as const)
      up.add(key, id);
    const out: number[] = [];
    up.take(100_003, out);
    expect(out).toEqual([2, 5, 3]);
    expect(up.reached(100_100)).toBe(2);
    out.length = 0;
    up.take(100_004, out);
    expect(out).toEqual([]);
    up.take(100_009, out);
    expect(out).toEqual([1, 4]);
    expect(up.reached(1e9)).toBe(0);
  });

  it('fires at or below from the highest key down', () => {
    const down = new PriceSide(false);
    down.add(99_990, 1);
    down.add(99_999, 2);
    down.add(99_995, 3);
    down.add(50_000, 4);
    const out: number[] = [];
    down.take(99_995, out);
    expect(out).toEqual([2, 3]);
    out.length = 0;
    down.take(0, out);
    expect(out.sort((a, b) => a - b)).toEqual([1, 4]);
  });

  it('keeps equal keys apart by id: the lowest id first, each removed alone', () => {
    const up = new PriceSide(true);
    for (const id of [8, 3, 5, 1, 9]) up.add(100_000, id);
    up.remove(100_000, 5);
    up.remove(100_000, 5);
    up.remove(100_001, 3);
    expect(up.reached(100_000)).toBe(4);
    const out: number[] = [];
    up.take(99_999, out);
    expect(out).toEqual([]);
    up.take(100_000, out);
    expect(out).toEqual([1, 3, 8, 9]);
  });

  it('removes a cancelled key and its bucket, and finds nothing of it afterwards', () => {
    const up = new PriceSide(true);
    up.add(100_000, 1);
    up.add(200_000, 2);
    up.remove(100_000, 1);
    expect(up.reached(150_000)).toBe(0);
    up.remove(200_000, 2);
    expect(fireAll(up)).toEqual([]);
    up.add(100_000, 1);
    expect(fireAll(up)).toEqual([1]);
  });

  it('drops a key the price does not reach, and leaves one it reaches to the fire', () => {
    const up = new PriceSide(true);
    up.add(100_000, 1);
    up.add(100_050, 1);
    up.drop(100_000, 1, 100_010);
    up.drop(100_050, 1, 100_010);
    expect(up.reached(100_010)).toBe(1);
    expect(fireAll(up)).toEqual([1]);
  });

  it('agrees with a sorted list over many prices, adds, cancels and fires', () => {
    const op = fc.oneof(
      fc.record({ op: fc.constant('add' as const), key: fc.integer({ min: 1, max: 5_000 }), id: fc.nat({ max: 400 }) }),
      fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }),
      fc.record({ op: fc.constant('fire' as const), price: fc.integer({ min: 0, max: 5_001 }) }),
    );
    fc.assert(
      fc.property(fc.boolean(), fc.array(op, { maxLength: 400 }), (above, ops) => {
        const side = new PriceSide(above);
        let naive: { key: number; id: number }[] = [];
        // Keys in cents over 5 to 50,000: from under one bucket to many hundreds of buckets apart.
        const price = (cents: number) => cents * 10.01;
        for (const o of ops) {
          if (o.op === 'add') {
            // One key per (key, id), as the indexes keep it.
            if (naive.some((n) => n.key === o.key && n.id === o.id)) continue;
            side.add(price(o.key), o.id);
            naive.push({ key: o.key, id: o.id });
          } else if (o.op === 'cancel') {
            if (naive.length === 0) continue;
            const n = naive[o.pick % naive.length]!;
            side.remove(price(n.key), n.id);
            naive = naive.filter((m) => m !== n);
          } else {
            const x = price(o.price);
            const crosses = (n: { key: number }) => (above ? price(n.key) <= x : price(n.key) >= x);
            expect(side.reached(x)).toBe(naive.filter(crosses).length);
            const out: number[] = [];
            side.take(x, out);
            const expected = naive.filter(crosses).map((n) => n.id);
            // The order is by bucket, then within the price's own bucket nearest first: compared as sets.
            expect([...out].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
            naive = naive.filter((n) => !crosses(n));
          }
        }
        expect(fireAll(side).length).toBe(naive.length);
      }),
      { numRuns: 300 },
    );
  });
});
