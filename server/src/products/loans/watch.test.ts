import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../market/prng';
import { LoanIndex } from './watch';

/**
 * The loan index against a naive scan, as the watcher drives it: a few loans on two pairs watched
 * again and again at new prices (collateral added, repaid, charged), margin-called, liquidated
 * and closed, the same ids coming back thousands of times; every trade must reach what the scan
 * reaches, liquidations apart from margin calls.
 */

interface ModelLoan {
  pairId: number;
  /** The keys still armed (NaN: taken out by a trade, or called). */
  liquidation: number;
  marginCall: number;
}

const price = (random: () => number) => (50 + Math.floor(random() * 5_000) / 100).toFixed(2);

function run(seed: number): number {
  const random = mulberry32(seed);
  const index = new LoanIndex();
  const model = new Map<number, ModelLoan>();
  let reached = 0;
  const watch = (id: number, called: boolean) => {
    const pairId = 1 + Math.floor(random() * 2);
    const liquidation = price(random);
    const marginCall = called ? null : price(random);
    index.watch(id, pairId, liquidation, marginCall);
    model.set(id, {
      pairId,
      liquidation: Number(liquidation),
      marginCall: marginCall === null ? NaN : Number(marginCall),
    });
  };
  for (let step = 0; step < 8_000; step++) {
    const id = 1 + Math.floor(random() * 60);
    const op = random();
    if (op < 0.35) watch(id, random() < 0.3);
    else if (op < 0.45) {
      index.forget(id);
      model.delete(id);
    } else {
      const pairId = 1 + Math.floor(random() * 2);
      const p = price(random);
      const x = Number(p);
      const liquidated: number[] = [];
      const called: number[] = [];
      for (const [mid, m] of model) {
        if (m.pairId !== pairId) continue;
        const liq = x <= m.liquidation;
        const call = x <= m.marginCall;
        if (liq) liquidated.push(mid);
        else if (call) called.push(mid);
        if (liq) m.liquidation = NaN;
        if (call) m.marginCall = NaN;
      }
      const got = index.trade(pairId, p);
      const byId = (a: number, b: number) => a - b;
      expect(got.liquidated.sort(byId), `liquidated at step ${step}`).toEqual(liquidated.sort(byId));
      expect(got.called.sort(byId), `called at step ${step}`).toEqual(called.sort(byId));
      reached += liquidated.length + called.length;
    }
    expect(index.size).toBe(model.size);
  }
  expect(index.ids().sort((a, b) => a - b)).toEqual([...model.keys()].sort((a, b) => a - b));
  return reached;
}

describe('loan index', () => {
  it('reaches what a naive scan reaches while the same loans are watched again and again', () => {
    for (const seed of [3, 17, 2026]) expect(run(seed)).toBeGreaterThan(500);
  });
});
