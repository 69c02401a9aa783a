import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PriceTriggers } from './price-triggers';

describe('price triggers', () => {
  it('fires at or above and at or below, once, per instrument', () => {
    const ix = new PriceTriggers();
    ix.upsert(1, 7, '110', true);
    ix.upsert(2, 7, '90', false);
    ix.upsert(3, 8, '110', true);
    expect(ix.fire(7, '109.99')).toEqual([]);
    expect(ix.reached(7, 80)).toBe(1);
    expect(ix.fire(7, '110')).toEqual([1]);
    expect(ix.fire(7, '120')).toEqual([]);
    expect(ix.fire(7, '85')).toEqual([2]);
    expect(ix.size).toBe(1);
    ix.upsert(3, 8, '130', true);
    expect(ix.fire(8, '120')).toEqual([]);
    ix.remove(3);
    expect(ix.fire(8, '1000')).toEqual([]);
  });

  it('refuses a price that is not a number', () => {
    expect(() => new PriceTriggers().upsert(1, 1, 'abc', true)).toThrow(/trigger price/);
  });

  it('agrees with a naive scan over random keys and price paths', () => {
    const trigger = fc.record({
      key: fc.integer({ min: 1, max: 20_000 }),
      above: fc.boolean(),
      instrument: fc.integer({ min: 1, max: 3 }),
    });
    fc.assert(
      fc.property(
        fc.array(trigger, { maxLength: 200 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 20_000 })), { maxLength: 40 }),
        (triggers, path) => {
          const ix = new PriceTriggers();
          const naive = new Map<number, (typeof triggers)[number]>();
          triggers.forEach((t, id) => {
            // Prices with cents, as on a pair's grid.
            ix.upsert(id, t.instrument, t.key / 100, t.above);
            naive.set(id, t);
          });
          for (const [instrument, cents] of path) {
            const fired = ix.fire(instrument, cents / 100).sort((a, b) => a - b);
            const expected = [...naive]
              .filter(([, t]) => t.instrument === instrument && (t.above ? t.key <= cents : t.key >= cents))
              .map(([id]) => id);
            expect(fired).toEqual(expected);
            for (const id of expected) naive.delete(id);
            expect(ix.size).toBe(naive.size);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
