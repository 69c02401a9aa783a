import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../market/prng';
import { AlertIndex, type Watched } from './watch';

/**
 * The alert index against a naive model that scans every alert at every tick: random alerts on a
 * few pairs, random price and 24 h change paths, random pauses, deletions and re-creations; after
 * each firing the alert is watched again as the database would have it (a one-shot leaves, a
 * repeating one stamps its firing time). Both must fire the same ids at every tick.
 */

const PAIRS = 3;
const MINUTE = 60_000;

interface ModelAlert extends Watched {
  status: 'active' | 'paused' | 'fired';
}

/** What the naive scan fires: every active alert whose condition holds and whose cool-down passed. */
function naiveFire(alerts: Map<number, ModelAlert>, pairId: number, kind: 'price' | 'change', x: number, now: number) {
  const out: number[] = [];
  for (const a of alerts.values()) {
    if (a.status !== 'active' || a.pairId !== pairId) continue;
    if (a.repeat && a.lastFiredAt !== null && a.lastFiredAt + a.cooldownMs > now) continue;
    const hit =
      kind === 'change'
        ? a.kind === 'change' && Math.abs(x) >= a.key
        : (a.kind === 'above' && x >= a.key) || (a.kind === 'below' && x <= a.key);
    if (hit) out.push(a.id);
  }
  return out.sort((p, q) => p - q);
}

function run(seed: number) {
  const random = mulberry32(seed);
  const index = new AlertIndex();
  const model = new Map<number, ModelAlert>();
  const prices = Array.from({ length: PAIRS }, () => 100);
  let now = 1_700_000_000_000;
  let nextId = 1;
  let firings = 0;

  const add = () => {
    const pairId = 1 + Math.floor(random() * PAIRS);
    const r = random();
    const kind = r < 0.4 ? 'above' : r < 0.8 ? 'below' : 'change';
    const key = kind === 'change' ? Math.round(random() * 1000) / 100 : Math.round((80 + random() * 40) * 100) / 100;
    const a: ModelAlert = {
      id: nextId++,
      pairId,
      kind,
      key,
      repeat: random() < 0.5,
      cooldownMs: (1 + Math.floor(random() * 10)) * MINUTE,
      lastFiredAt: null,
      status: 'active',
    };
    model.set(a.id, a);
    index.watch({ ...a }, now);
  };

  for (let i = 0; i < 300; i++) add();
  for (let step = 0; step < 3_000; step++) {
    now += Math.floor(random() * 2 * MINUTE);
    const op = random();
    if (op < 0.05) add();
    else if (op < 0.1 && model.size > 0) {
      // Pause, delete or resume one alert.
      const ids = [...model.keys()];
      const a = model.get(ids[Math.floor(random() * ids.length)]!)!;
      const what = random();
      if (what < 0.3) {
        model.delete(a.id);
        index.forget(a.id);
      } else if (what < 0.6 && a.status === 'active') {
        a.status = 'paused';
        index.forget(a.id);
      } else if (a.status !== 'active') {
        a.status = 'active';
        index.watch({ ...a }, now);
      }
    }
    const pairId = 1 + Math.floor(random() * PAIRS);
    const byChange = random() < 0.3;
    let x: number;
    if (byChange) x = Math.round((random() - 0.5) * 2000) / 100;
    else {
      prices[pairId - 1] = Math.round(Math.max(50, prices[pairId - 1]! * (1 + (random() - 0.5) * 0.08)) * 100) / 100;
      x = prices[pairId - 1]!;
    }
    const expected = naiveFire(model, pairId, byChange ? 'change' : 'price', x, now);
    const got = (byChange ? index.change(pairId, x, now) : index.trade(pairId, x, now)).sort((p, q) => p - q);
    expect(got, `step ${step}`).toEqual(expected);
    // What the database does with each firing, and the watcher then watches again.
    for (const id of got) {
      const a = model.get(id)!;
      a.lastFiredAt = now;
      if (!a.repeat) a.status = 'fired';
      else index.watch({ ...a }, now);
      firings += 1;
    }
  }
  const active = [...model.values()].filter((a) => a.status === 'active').length;
  expect(index.size).toBe(active);
  return firings;
}

describe('alert index', () => {
  it('fires what a naive scan fires, tick by tick, over random price paths', () => {
    for (const seed of [1, 2, 3, 42, 2026]) expect(run(seed)).toBeGreaterThan(100);
  });

  it('keeps a repeating alert out of the index until its cool-down passed', () => {
    const index = new AlertIndex();
    const a: Watched = {
      id: 7,
      pairId: 1,
      kind: 'below',
      key: 10,
      repeat: true,
      cooldownMs: 5 * MINUTE,
      lastFiredAt: null,
    };
    index.watch(a, 0);
    expect(index.trade(1, 9, 0)).toEqual([7]);
    expect(index.has(7)).toBe(false);
    index.watch({ ...a, lastFiredAt: 0 }, 0);
    expect(index.has(7)).toBe(true);
    expect(index.trade(1, 8, 5 * MINUTE - 1)).toEqual([]);
    expect(index.trade(1, 8, 5 * MINUTE)).toEqual([7]);
    // Forgotten while cooling: its due time passes without effect.
    index.watch({ ...a, lastFiredAt: 5 * MINUTE }, 5 * MINUTE);
    index.forget(7);
    expect(index.trade(1, 1, 20 * MINUTE)).toEqual([]);
    expect(index.size).toBe(0);
  });
});
