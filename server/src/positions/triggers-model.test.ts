import { describe, expect, it } from 'vitest';
import { followTrailBest, trailTriggerOf, type LeverTrail } from '@contract/futures';
import { mulberry32, type Random } from '../market/prng';
import { TriggerIndex, type Fired, type TriggerKind, type Watched } from './triggers';

/**
 * The index against a naive model over a few ids taken out and put back thousands of times with
 * other shapes each time (pending or open, long or short, with or without each trigger and a
 * trailing stop, on another pair): the index keeps what it knows of a position in arrays by a row
 * that the next id reuses, so nothing of an id's former shape may leak into a later one.
 */

const IDS = 40;
const PAIRS = 3;
/** Prices on a grid of 2 decimals around 100. */
const priceOf = (ticks: number) => (ticks / 100).toFixed(2);

interface Model {
  w: Watched;
  best?: string;
}

function randomPosition(random: Random, id: number, since: number): Watched {
  const side = random() < 0.5 ? 1 : 2;
  const pairId = 1 + Math.floor(random() * PAIRS);
  const near = (): string => priceOf(9_000 + Math.floor(random() * 2_000));
  const maybe = (): string | null => (random() < 0.6 ? near() : null);
  if (random() < 0.2) return { id, pairId, side, status: 'pending', limit: maybe() };
  const trail: LeverTrail | null =
    random() < 0.4
      ? random() < 0.5
        ? { percent: (1 + Math.floor(random() * 300) / 100).toFixed(2), distance: null }
        : { percent: null, distance: (0.5 + Math.floor(random() * 300) / 100).toFixed(2) }
      : null;
  return {
    id,
    pairId,
    side,
    status: 'open',
    takeProfit: maybe(),
    stopLoss: maybe(),
    liquidation: maybe(),
    trail: trail && { ...trail, best: near(), since: random() < 0.5 ? since : 1, priceDecimals: 2 },
  };
}

/** What `price` sets off of one modelled position, by the index's rule (stops before liquidation). */
function kindOf(m: Model, price: number): TriggerKind | undefined {
  const { w } = m;
  const long = w.side === 1;
  const at = (p: string | null | undefined, up: boolean) => p != null && (up ? price >= Number(p) : price <= Number(p));
  if (w.status === 'pending') return at(w.limit, !long) ? 'limit_open' : undefined;
  if (at(w.takeProfit, long)) return 'take_profit';
  if (at(w.stopLoss, !long)) return 'stop_loss';
  if (w.trail && at(trailTriggerOf(w.side, w.trail, m.best!, 2), !long)) return 'trailing_stop';
  if (at(w.liquidation, !long)) return 'liquidation';
  return undefined;
}

const watchedAtAll = (w: Watched) =>
  w.status === 'pending' ? w.limit != null : [w.takeProfit, w.stopLoss, w.liquidation, w.trail].some((x) => x != null);

function run(seed: number): number {
  const random = mulberry32(seed);
  const ix = new TriggerIndex();
  const model = new Map<number, Model>();
  let fires = 0;
  for (let step = 0; step < 6_000; step++) {
    const id = 1 + Math.floor(random() * IDS);
    const op = random();
    if (op < 0.45) {
      const w = randomPosition(random, id, step);
      const before = model.get(id);
      ix.upsert(w);
      // The best as the index writes it; the same trail watched again keeps the better one.
      const same = w.trail && before?.w.trail && before.w.trail.since === w.trail.since;
      const best = w.trail ? followTrailBest(w.side, w.trail.best, same ? before!.best! : w.trail.best, 2) : undefined;
      if (watchedAtAll(w)) model.set(id, { w, ...(best !== undefined ? { best } : {}) });
      else model.delete(id);
    } else if (op < 0.6) {
      ix.remove(id);
      model.delete(id);
    } else {
      const pairId = 1 + Math.floor(random() * PAIRS);
      const price = priceOf(9_000 + Math.floor(random() * 2_000));
      const moves = new Map(ix.follow(pairId, price).map((m) => [m.id, m.best]));
      const expected: Fired[] = [];
      for (const [mid, m] of model) {
        if (m.w.pairId !== pairId) continue;
        if (m.w.trail) {
          const best = followTrailBest(m.w.side, m.best!, price, 2);
          expect(moves.get(mid), `move of ${mid} at step ${step}`).toBe(best !== m.best ? best : undefined);
          m.best = best;
        }
        const kind = kindOf(m, Number(price));
        if (!kind) continue;
        expected.push(
          kind === 'trailing_stop'
            ? { id: mid, kind, trailBest: m.best!, trailSince: m.w.trail!.since }
            : { id: mid, kind },
        );
        model.delete(mid);
      }
      const got = ix.fire(pairId, price).sort((a, b) => a.id - b.id);
      expect(got, `fired at step ${step}`).toEqual(expected.sort((a, b) => a.id - b.id));
      fires += got.length;
    }
    expect(ix.size).toBe(model.size);
  }
  expect(ix.ids().sort((a, b) => a - b)).toEqual([...model.keys()].sort((a, b) => a - b));
  for (const [id, m] of model) {
    if (m.w.trail) expect(ix.trail(id)?.best).toBe(m.best);
    else expect(ix.trail(id)).toBeUndefined();
  }
  return fires;
}

describe('trigger index with ids taken out and put back', () => {
  it('fires what a naive model fires, with its kind and trailing best, whatever shape a row had before', () => {
    for (const seed of [1, 7, 37, 2026]) expect(run(seed)).toBeGreaterThan(300);
  });
});
