import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConditionalState } from './types';
import { trailTrigger, Watch } from './watch';

/** A stop as the naive model keeps it: scanned in full at every trade. */
interface Naive {
  id: number;
  pairId: number;
  side: 'buy' | 'sell';
  trailing: boolean;
  trailTicks: number | null;
  trailBps: number | null;
  trigger: number;
  best: number | null;
}

const reached = (n: Naive, price: number) => (n.side === 'buy' ? price >= n.trigger : price <= n.trigger);

const step = fc.oneof(
  fc.record({ op: fc.constant('trade' as const), pair: fc.nat({ max: 2 }), move: fc.integer({ min: -40, max: 40 }) }),
  fc.record({
    op: fc.constant('stop' as const),
    pair: fc.nat({ max: 2 }),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    distance: fc.integer({ min: 1, max: 60 }),
    trailing: fc.constantFrom(null, 'ticks' as const, 'bps' as const),
  }),
  fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }),
);

function state(n: Naive): ConditionalState {
  return {
    id: n.id,
    owner: 1,
    pairId: n.pairId,
    kind: n.trailing ? 'trailing_stop' : 'stop_market',
    side: n.side,
    triggerPrice: n.trigger,
    above: n.side === 'buy',
    price: null,
    qty: 1,
    budget: null,
    trailTicks: n.trailTicks,
    trailBps: n.trailBps,
    bestPrice: n.best,
    status: 'waiting',
    holdId: 0,
    holdAmount: 0n,
    orderId: null,
    limitPrice: null,
    limitOrderId: null,
    triggerTradeId: null,
    triggeredAt: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
}

describe('the watch of stop orders against a naive scan', () => {
  it('fires every stop exactly once, at the first trade that reaches its (trailing) trigger', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 300 }), (steps) => {
        const watch = new Watch();
        const naive = new Map<number, Naive>();
        const last = [10_000, 20_000, 500];
        const firedAt = new Map<number, number>();
        let id = 0;
        let tradeNo = 0;
        for (const s of steps) {
          if (s.op === 'trade') {
            const price = Math.max(1, last[s.pair]! + s.move);
            last[s.pair] = price;
            tradeNo++;
            // The model: trailing stops first follow the best price, then all that are reached fire.
            for (const n of naive.values()) {
              if (n.pairId !== s.pair || !n.trailing) continue;
              const better = n.side === 'sell' ? price > n.best! : price < n.best!;
              if (better) {
                n.best = price;
                n.trigger = trailTrigger({ side: n.side, trailTicks: n.trailTicks, trailBps: n.trailBps }, price);
              }
            }
            const expected = [...naive.values()]
              .filter((n) => n.pairId === s.pair && reached(n, price))
              .map((n) => n.id)
              .sort((a, b) => a - b);
            for (const e of expected) naive.delete(e);
            const { fired } = watch.trade(s.pair, price);
            expect(fired.map((c) => c.id)).toEqual(expected);
            for (const c of fired) {
              expect(firedAt.has(c.id)).toBe(false);
              firedAt.set(c.id, tradeNo);
            }
          } else if (s.op === 'stop') {
            const price = last[s.pair]!;
            const trailTicks = s.trailing === 'ticks' ? s.distance : null;
            const trailBps = s.trailing === 'bps' ? s.distance * 10 : null;
            const n: Naive = {
              id: ++id,
              pairId: s.pair,
              side: s.side,
              trailing: s.trailing !== null,
              trailTicks,
              trailBps,
              best: s.trailing ? price : null,
              trigger: s.trailing
                ? trailTrigger({ side: s.side, trailTicks, trailBps }, price)
                : price + (s.side === 'buy' ? s.distance : -s.distance),
            };
            if (n.trigger < 1) continue;
            naive.set(n.id, n);
            watch.add(state(n));
          } else {
            const ids = [...naive.keys()];
            const target = ids[s.pick % Math.max(1, ids.length)];
            if (target === undefined) continue;
            naive.delete(target);
            watch.remove(target);
          }
          expect(watch.size).toBe(naive.size);
        }
        for (const n of naive.values()) expect(watch.waiting.get(n.id)?.triggerPrice).toBe(n.trigger);
      }),
      { numRuns: 300, seed: 37 },
    );
  });
});
