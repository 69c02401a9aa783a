import { describe, expect, it } from 'vitest';
import { followTrailBest, trailTriggerOf, type LeverTrail } from '@contract/futures';
import { TriggerIndex, type WatchedTrail } from './triggers';

const sorted = (xs: { id: number; kind: string }[]) => [...xs].sort((a, b) => a.id - b.id);

describe('trigger index', () => {
  it('fires long take-profit at or above, stop-loss and liquidation at or below', () => {
    const ix = new TriggerIndex();
    ix.upsert({ id: 1, pairId: 1, side: 1, status: 'open', takeProfit: '110', stopLoss: '95', liquidation: '90' });
    ix.upsert({ id: 2, pairId: 1, side: 1, status: 'open', takeProfit: '120', liquidation: '80' });
    expect(ix.fire(1, '109.99')).toEqual([]);
    expect(ix.fire(2, '200')).toEqual([]);
    // The search alone counts what a price reaches and changes nothing.
    expect(ix.reached(1, 110)).toBe(1);
    expect(ix.reached(1, 80)).toBe(3);
    expect(ix.size).toBe(2);
    expect(ix.fire(1, '110')).toEqual([{ id: 1, kind: 'take_profit' }]);
    // Fired once: it left the index.
    expect(ix.fire(1, '110')).toEqual([]);
    expect(ix.has(1)).toBe(false);
    expect(ix.fire(1, '80')).toEqual([{ id: 2, kind: 'liquidation' }]);
    expect(ix.size).toBe(0);
  });

  it('fires short triggers the other way round, and limit opens by side', () => {
    const ix = new TriggerIndex();
    ix.upsert({ id: 1, pairId: 1, side: 2, status: 'open', takeProfit: '90', stopLoss: '105', liquidation: '110' });
    ix.upsert({ id: 2, pairId: 1, side: 2, status: 'open', takeProfit: '95', liquidation: '101' });
    ix.upsert({ id: 3, pairId: 1, side: 1, status: 'pending', limit: '97' });
    ix.upsert({ id: 4, pairId: 1, side: 2, status: 'pending', limit: '103' });
    expect(ix.fire(1, '98')).toEqual([]);
    expect(sorted(ix.fire(1, '97'))).toEqual([{ id: 3, kind: 'limit_open' }]);
    expect(sorted(ix.fire(1, '95'))).toEqual([{ id: 2, kind: 'take_profit' }]);
    expect(sorted(ix.fire(1, '103.5'))).toEqual([{ id: 4, kind: 'limit_open' }]);
    expect(sorted(ix.fire(1, '105'))).toEqual([{ id: 1, kind: 'stop_loss' }]);
  });

  it('prefers the user stop over liquidation when a gap crosses both', () => {
    const ix = new TriggerIndex();
    ix.upsert({ id: 7, pairId: 3, side: 1, status: 'open', stopLoss: '19800', liquidation: '19700' });
    expect(ix.fire(3, '19650')).toEqual([{ id: 7, kind: 'stop_loss' }]);
  });

  it('replaces triggers on upsert and forgets removed positions; pairs are apart', () => {
    const ix = new TriggerIndex();
    ix.upsert({ id: 1, pairId: 1, side: 1, status: 'open', takeProfit: '110', liquidation: '90' });
    ix.upsert({ id: 1, pairId: 1, side: 1, status: 'open', takeProfit: '130', liquidation: '90' });
    expect(ix.fire(1, '120')).toEqual([]);
    expect(ix.fire(2, '130')).toEqual([]);
    ix.remove(1);
    expect(ix.fire(1, '1000')).toEqual([]);
    expect(ix.fire(1, '1')).toEqual([]);
  });

  it('fires whole buckets a gap crosses and only the crossed keys of the bucket the price lands in', () => {
    const ix = new TriggerIndex();
    // The first key sets the bucket width (1/10,000 of 100: 0.01), so 100.004 and 100.009 share a bucket.
    ix.upsert({ id: 1, pairId: 1, side: 1, status: 'open', takeProfit: '100' });
    ix.upsert({ id: 2, pairId: 1, side: 1, status: 'open', takeProfit: '100.004' });
    ix.upsert({ id: 3, pairId: 1, side: 1, status: 'open', takeProfit: '100.009' });
    ix.upsert({ id: 4, pairId: 1, side: 1, status: 'open', takeProfit: '150', stopLoss: '0.5' });
    ix.upsert({ id: 5, pairId: 1, side: 2, status: 'open', takeProfit: '0.25', stopLoss: '250000' });
    expect(ix.reached(1, 100.004)).toBe(2);
    expect(sorted(ix.fire(1, '100.004'))).toEqual([
      { id: 1, kind: 'take_profit' },
      { id: 2, kind: 'take_profit' },
    ]);
    // A gap over thousands of buckets, and a price far below the first key's decade.
    expect(sorted(ix.fire(1, '200'))).toEqual([
      { id: 3, kind: 'take_profit' },
      { id: 4, kind: 'take_profit' },
    ]);
    expect(ix.fire(1, '0.3')).toEqual([]);
    expect(ix.fire(1, '0.25')).toEqual([{ id: 5, kind: 'take_profit' }]);
    expect(ix.size).toBe(0);
    expect(ix.reached(1, 1_000_000)).toBe(0);
  });

  it('matches a naive scan on random positions and prices', () => {
    let seed = 42;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const ix = new TriggerIndex();
    const live = new Map<number, { side: 1 | 2; tp: number; sl: number; liq: number }>();
    for (let id = 1; id <= 2000; id++) {
      const side = rnd() < 0.5 ? 1 : 2;
      const entry = 100;
      const d = () => Math.round(rnd() * 2000) / 100;
      const p =
        side === 1
          ? { tp: entry + d(), sl: entry - d(), liq: entry - 20 - d() }
          : { tp: entry - d(), sl: entry + d(), liq: entry + 20 + d() };
      live.set(id, { side, ...p });
      ix.upsert({
        id,
        pairId: 1,
        side,
        status: 'open',
        takeProfit: String(p.tp),
        stopLoss: String(p.sl),
        liquidation: String(p.liq),
      });
    }
    for (let i = 0; i < 300; i++) {
      const price = Math.round((60 + rnd() * 80) * 100) / 100;
      const expected = [...live]
        .filter(([, p]) =>
          p.side === 1
            ? price >= p.tp || price <= p.sl || price <= p.liq
            : price <= p.tp || price >= p.sl || price >= p.liq,
        )
        .map(([id]) => id)
        .sort((a, b) => a - b);
      const got = ix
        .fire(1, String(price))
        .map((f) => f.id)
        .sort((a, b) => a - b);
      expect(got).toEqual(expected);
      for (const id of got) live.delete(id);
      // Some come back with new triggers around the current price (a new position, same id).
      for (const id of got.filter((x) => x % 2 === 0)) {
        const side = rnd() < 0.5 ? 1 : 2;
        const d = () => 0.01 + Math.round(rnd() * 1000) / 100;
        const r2 = (x: number) => Math.round(x * 100) / 100;
        const p =
          side === 1
            ? { tp: r2(price + d()), sl: r2(price - d()), liq: r2(price - 10 - d()) }
            : { tp: r2(price - d()), sl: r2(price + d()), liq: r2(price + 10 + d()) };
        live.set(id, { side, ...p });
        ix.upsert({
          id,
          pairId: 1,
          side,
          status: 'open',
          takeProfit: String(p.tp),
          stopLoss: String(p.sl),
          liquidation: String(p.liq),
        });
      }
      expect(ix.size).toBe(live.size);
    }
  });

  describe('trailing stops', () => {
    const trail = (t: Partial<WatchedTrail>): WatchedTrail => ({
      percent: null,
      distance: null,
      best: '100',
      since: 1,
      priceDecimals: 2,
      ...t,
    });

    it('moves a long trigger up with the highest mark and fires at the first mark at or below it', () => {
      const ix = new TriggerIndex();
      ix.upsert({ id: 1, pairId: 1, side: 1, status: 'open', liquidation: '80', trail: trail({ percent: '5' }) });
      expect(ix.trail(1)).toEqual({ best: '100', trigger: '95' });
      // At the best, or below it: nothing moves.
      expect(ix.follow(1, '100')).toEqual([]);
      expect(ix.follow(1, '99')).toEqual([]);
      expect(ix.follow(1, '110')).toEqual([{ id: 1, side: 1, best: '110', trigger: '104.5', since: 1 }]);
      expect(ix.fire(1, '104.51')).toEqual([]);
      // Falling back does not take the trigger down.
      expect(ix.follow(1, '105')).toEqual([]);
      expect(ix.trail(1)).toEqual({ best: '110', trigger: '104.5' });
      expect(ix.fire(1, '104.5')).toEqual([{ id: 1, kind: 'trailing_stop', trailBest: '110', trailSince: 1 }]);
      expect(ix.has(1)).toBe(false);
      expect(ix.follow(1, '200')).toEqual([]);
      expect(ix.fire(1, '1')).toEqual([]);
    });

    it('moves a short trigger down with the lowest mark, by a distance', () => {
      const ix = new TriggerIndex();
      ix.upsert({ id: 2, pairId: 1, side: 2, status: 'open', liquidation: '120', trail: trail({ distance: '3' }) });
      expect(ix.trail(2)).toEqual({ best: '100', trigger: '103' });
      expect(ix.follow(1, '101')).toEqual([]);
      expect(ix.follow(1, '90.005')).toEqual([{ id: 2, side: 2, best: '90.01', trigger: '93.01', since: 1 }]);
      expect(ix.fire(1, '93')).toEqual([]);
      expect(ix.fire(1, '93.01')).toEqual([{ id: 2, kind: 'trailing_stop', trailBest: '90.01', trailSince: 1 }]);
    });

    it('lets take-profit and stop-loss win over it, and it over liquidation', () => {
      const ix = new TriggerIndex();
      const long = { pairId: 1, side: 1, status: 'open' } as const;
      ix.upsert({ id: 1, ...long, stopLoss: '96', liquidation: '90', trail: trail({ percent: '5' }) });
      ix.upsert({ id: 2, ...long, liquidation: '96', trail: trail({ percent: '5' }) });
      expect(sorted(ix.fire(1, '89'))).toEqual([
        { id: 1, kind: 'stop_loss' },
        { id: 2, kind: 'trailing_stop', trailBest: '100', trailSince: 1 },
      ]);
    });

    it('keeps the better best when the same trail is watched again, and restarts with a new one', () => {
      const ix = new TriggerIndex();
      const w = { id: 1, pairId: 1, side: 1, status: 'open', trail: trail({ percent: '5' }) } as const;
      ix.upsert(w);
      ix.follow(1, '120');
      // The row still says 100 (its write is queued): the index keeps 120.
      ix.upsert(w);
      expect(ix.trail(1)).toEqual({ best: '120', trigger: '114' });
      ix.upsert({ ...w, trail: trail({ percent: '5', since: 2, best: '101' }) });
      expect(ix.trail(1)).toEqual({ best: '101', trigger: '95.95' });
      ix.upsert({ ...w, trail: null });
      expect(ix.trail(1)).toBeUndefined();
      expect(ix.follow(1, '500')).toEqual([]);
      expect(ix.size).toBe(0);
    });

    it('matches a naive walk of random marks: each fires once, at the first mark through its trigger', () => {
      let seed = 11;
      const rnd = () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      const ix = new TriggerIndex();
      const live = new Map<number, { side: 1 | 2; trail: LeverTrail; best: string }>();
      for (let id = 1; id <= 400; id++) {
        const side = rnd() < 0.5 ? 1 : 2;
        const t: LeverTrail =
          rnd() < 0.5
            ? { percent: (1 + Math.floor(rnd() * 500) / 100).toFixed(2), distance: null }
            : { percent: null, distance: (0.5 + Math.floor(rnd() * 500) / 100).toFixed(2) };
        live.set(id, { side, trail: t, best: '100' });
        ix.upsert({ id, pairId: 1, side, status: 'open', trail: { ...t, best: '100', since: 1, priceDecimals: 2 } });
      }
      let mark = 100;
      let movedTotal = 0;
      for (let i = 0; i < 600 && live.size > 0; i++) {
        mark = Math.max(1, mark + (rnd() - 0.5) * 4);
        const price = mark.toFixed(3);
        const moved = new Map(ix.follow(1, price).map((m) => [m.id, m.best]));
        movedTotal += moved.size;
        const fired = ix.fire(1, price);
        const expectFired: number[] = [];
        for (const [id, p] of live) {
          const best = followTrailBest(p.side, p.best, price, 2);
          expect(moved.get(id) ?? p.best, `best of ${id}`).toBe(best);
          p.best = best;
          const trigger = Number(trailTriggerOf(p.side, p.trail, best, 2));
          if (p.side === 1 ? Number(price) <= trigger : Number(price) >= trigger) expectFired.push(id);
        }
        expect(fired.map((f) => f.id).sort((a, b) => a - b)).toEqual(expectFired);
        for (const f of fired) {
          expect(f).toEqual({ id: f.id, kind: 'trailing_stop', trailBest: live.get(f.id)!.best, trailSince: 1 });
          live.delete(f.id);
        }
      }
      expect(ix.size).toBe(live.size);
      // The walk moved bests and closed most positions, so both paths were exercised.
      expect(movedTotal).toBeGreaterThan(400);
      expect(live.size).toBeLessThan(100);
    });
  });
});
