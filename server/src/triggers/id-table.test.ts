import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdMap, IdTable } from './id-table';

describe('id table', () => {
  it("gives each id a row it keeps, and a deleted id's row to the next id added", () => {
    const t = new IdTable();
    expect(t.add(40)).toBe(0);
    expect(t.add(7)).toBe(1);
    expect(t.add(9)).toBe(2);
    expect(t.add(7)).toBe(1);
    expect(t.size).toBe(3);
    expect(t.delete(40)).toBe(0);
    expect(t.rowOf(9)).toBe(2);
    expect(t.idAt(0)).toBeNaN();
    expect(t.rowOf(40)).toBe(-1);
    expect(t.delete(40)).toBe(-1);
    expect(t.add(11)).toBe(0);
    expect(t.delete(7)).toBe(1);
    expect(t.size).toBe(2);
    expect(t.rows).toBe(3);
    expect([t.has(9), t.has(11), t.has(7)]).toEqual([true, true, false]);
  });

  it('keeps ids beyond 32 bits apart from their low bits, and zero', () => {
    const t = new IdTable();
    const big = 2 ** 40 + 5;
    t.add(5);
    t.add(big);
    t.add(0);
    expect(t.rowOf(big)).toBe(1);
    expect(t.rowOf(0)).toBe(2);
    expect(t.delete(5)).toBe(0);
    expect(t.rowOf(big)).toBe(1);
    expect(t.rowOf(0)).toBe(2);
    expect(t.rowOf(5)).toBe(-1);
  });

  it('refuses an id that is not a number', () => {
    expect(() => new IdTable().add(NaN)).toThrow(/id/);
  });

  it('agrees with a Map over random adds and deletes of a few ids, through growth', () => {
    const op = fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 300 }));
    fc.assert(
      fc.property(fc.array(op, { maxLength: 2_000 }), (ops) => {
        const t = new IdMap<string>();
        const m = new Map<number, string>();
        for (const [add, id] of ops) {
          if (add) {
            t.set(id, `v${id}`);
            m.set(id, `v${id}`);
          } else expect(t.delete(id)).toBe(m.delete(id));
          expect(t.size).toBe(m.size);
        }
        for (let id = 0; id <= 300; id++) expect(t.get(id)).toBe(m.get(id));
        expect([...t.keys()].sort((a, b) => a - b)).toEqual([...m.keys()].sort((a, b) => a - b));
        expect([...t.values()].sort()).toEqual([...m.values()].sort());
      }),
      { numRuns: 200 },
    );
  });

  it('finds every id after a million deletions and additions of the same thousand', () => {
    const t = new IdMap<number>();
    for (let id = 1; id <= 100_000; id++) t.set(id, id);
    for (let round = 0; round < 1_000; round++) {
      for (let id = 1; id <= 1_000; id++) t.delete(id * 97);
      for (let id = 1; id <= 1_000; id++) t.set(id * 97, round);
    }
    expect(t.size).toBe(100_000);
    const wrong: number[] = [];
    for (let id = 1; id <= 100_000; id++) if (t.get(id) !== (id % 97 === 0 && id <= 97_000 ? 999 : id)) wrong.push(id);
    expect(wrong).toEqual([]);
    expect(t.get(100_001)).toBeUndefined();
    // Emptied down to ten (the table shrinks on the way), the ten are still found.
    for (let id = 11; id <= 100_000; id++) t.delete(id);
    expect(t.size).toBe(10);
    expect([...t.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => t.get(id))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
