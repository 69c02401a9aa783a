// `npm run bench:triggers`: per trade, how long the spot trading core takes to find the stop
// orders the trade fires (server/src/trading/conditional/watch.ts over the price-sorted index of
// server/src/triggers/), with 10,000 and with 1,000,000 waiting stop-limit and stop-market orders
// over 20 pairs. Triggers lie within 5 % either side of the pairs' price (buys above, sells below).
// Each measured trade moves one pair by a random distance sized to fire about five orders whatever
// the number waiting; `trade` finds them and takes them out, then (untimed) they are put back, so
// every trade meets the same set. Prints p50, p99 and mean per trade and the ratios 1M / 10k.
// Goal: p99 <= 1 ms per trade at both sizes, and flat: the p99 at 1M at most 2x the one at 10k.
// Exits non-zero when missed. TRIGGER_TRADES sets the measured trades per size (default 20,000).
// Then price alerts (server/src/products/alerts/watch.ts, the same index): per feed tick, how long
// it takes to find the alerts a pair's trade and its 24 h change fire among 10,000 and 1,000,000
// active alerts over the same 20 pairs (60 % above/below within 5 % of the price, 40 % on the
// 24 h change up to 20 %; half of them repeating with a cool-down of 1 to 60 minutes; the clock
// moves a second per tick, so cooled alerts return to the index inside the measured ticks). Fired
// one-shot alerts are put back untimed; fired repeating ones wait out their cool-down. Same goal.
import { mulberry32, type Random } from '../server/src/market/prng';
import type { ConditionalState } from '../server/src/trading/conditional/types';
import { AlertIndex, type Watched } from '../server/src/products/alerts/watch';
import { Watch } from '../server/src/trading/conditional/watch';
import { collectGarbage, flatGoal, load, msSince, percentiles, us, type Percentiles } from './stats';

const PAIRS = 20;
const TRADES = Number(process.env.TRIGGER_TRADES ?? 20_000);
const WARMUP = Math.min(5_000, Math.max(500, Math.floor(TRADES / 4)));
const SIZES = [10_000, 1_000_000];
const GOAL_P99_MS = 1;
const GOAL_GROWTH = 2;
/** Every pair trades around 100,000.00, in ticks of 0.01. */
const BASE = 10_000_000;
const BAND = 0.05;
const FIRED_PER_TRADE = 5;

function stopOrder(id: number, random: Random, pairId: number): ConditionalState {
  const buy = random() < 0.5;
  const distance = 1 + Math.floor(BASE * BAND * random());
  return {
    id,
    owner: 1,
    pairId,
    kind: random() < 0.5 ? 'stop_limit' : 'stop_market',
    side: buy ? 'buy' : 'sell',
    triggerPrice: buy ? BASE + distance : BASE - distance,
    above: buy,
    price: null,
    qty: 1,
    budget: null,
    trailTicks: null,
    trailBps: null,
    bestPrice: null,
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

interface Result extends Percentiles {
  size: number;
  build: number;
  fired: number;
}

function run(size: number): Result {
  const random = mulberry32(size);
  const watch = new Watch();
  const t0 = performance.now();
  for (let i = 0; i < size; i++) watch.add(stopOrder(i + 1, random, (i % PAIRS) + 1));
  const build = performance.now() - t0;
  // About half of a pair's orders lie on each side within BAND: the distance that reaches
  // FIRED_PER_TRADE of them on average.
  const reach = (BASE * BAND * FIRED_PER_TRADE) / (size / PAIRS / 2);
  collectGarbage();
  const samples: number[] = [];
  let fired = 0;
  for (let n = 0; n < WARMUP + TRADES; n++) {
    const pair = (n % PAIRS) + 1;
    const price = Math.round(BASE + (random() < 0.5 ? -1 : 1) * 2 * reach * random());
    const start = process.hrtime.bigint();
    const hits = watch.trade(pair, price).fired;
    const took = msSince(start);
    if (n >= WARMUP) {
      samples.push(took);
      fired += hits.length;
    }
    for (const c of hits) watch.add(c);
  }
  if (watch.size !== size) throw new Error(`watch holds ${watch.size}, expected ${size}`);
  return { size, build, ...percentiles(samples), fired: fired / TRADES };
}

console.log(`bench:triggers: ${PAIRS} pairs, ${TRADES} trades per size after ${WARMUP} warm-up; load ${load()}`);
const results: Result[] = [];
for (const size of SIZES) {
  const r = run(size);
  results.push(r);
  console.log(
    `${size.toLocaleString('en-US').padStart(9)} waiting stop orders: built in ${(r.build / 1000).toFixed(2)} s; ` +
      `per trade p50 ${us(r.p50)}, p99 ${us(r.p99)}, mean ${us(r.mean)}, ${r.fired.toFixed(2)} fired per trade`,
  );
}
const [small, big] = [results[0]!, results[1]!];
console.log(
  `ratio 1M / 10k: p50 ${(big.p50 / small.p50).toFixed(2)}x, p99 ${(big.p99 / small.p99).toFixed(2)}x, ` +
    `mean ${(big.mean / small.mean).toFixed(2)}x; load ${load()}`,
);
flatGoal(small, big, { p99Ms: GOAL_P99_MS, growth: GOAL_GROWTH });
const stopsMissed = process.exitCode === 1;

/** The largest 24 h change a change alert watches for in the bench, in percent. */
const CHANGE_BAND = 20;

function alertOf(id: number, random: Random, pairId: number): Watched {
  const r = random();
  const repeat = random() < 0.5;
  const cooldownMs = (1 + Math.floor(random() * 60)) * 60_000;
  if (r < 0.4) {
    return { id, pairId, kind: 'change', key: CHANGE_BAND * (1 - random()), repeat, cooldownMs, lastFiredAt: null };
  }
  const above = r < 0.7;
  const distance = 1 + Math.floor(BASE * BAND * random());
  return {
    id,
    pairId,
    kind: above ? 'above' : 'below',
    key: above ? BASE + distance : BASE - distance,
    repeat,
    cooldownMs,
    lastFiredAt: null,
  };
}

function runAlerts(size: number): Result {
  const random = mulberry32(size + 1);
  const index = new AlertIndex();
  const all = new Map<number, Watched>();
  let now = 1_800_000_000_000;
  const t0 = performance.now();
  for (let i = 0; i < size; i++) {
    const a = alertOf(i + 1, random, (i % PAIRS) + 1);
    all.set(a.id, a);
    index.watch(a, now);
  }
  const build = performance.now() - t0;
  // As for stop orders: a price move and a change sized to reach about FIRED_PER_TRADE alerts.
  const perPair = size / PAIRS;
  const reach = (BASE * BAND * FIRED_PER_TRADE) / ((perPair * 0.6) / 2);
  const changeReach = (CHANGE_BAND * FIRED_PER_TRADE) / (perPair * 0.4);
  collectGarbage();
  const samples: number[] = [];
  let fired = 0;
  for (let n = 0; n < WARMUP + TRADES; n++) {
    now += 1_000;
    const pair = (n % PAIRS) + 1;
    const price = Math.round(BASE + (random() < 0.5 ? -1 : 1) * 2 * reach * random());
    const change = (random() < 0.5 ? -1 : 1) * 2 * changeReach * random();
    const start = process.hrtime.bigint();
    const hits = index.trade(pair, price, now).concat(index.change(pair, change, now));
    const took = msSince(start);
    if (n >= WARMUP) {
      samples.push(took);
      fired += hits.length;
    }
    // What the database does with a firing: a one-shot alert is put back (so the set stays the
    // same), a repeating one stamped and cooling.
    for (const id of hits) {
      const a = all.get(id)!;
      index.watch(a.repeat ? { ...a, lastFiredAt: now } : a, now);
    }
  }
  if (index.size !== size) throw new Error(`alert index holds ${index.size}, expected ${size}`);
  return { size, build, ...percentiles(samples), fired: fired / TRADES };
}

const alertResults: Result[] = [];
for (const size of SIZES) {
  const r = runAlerts(size);
  alertResults.push(r);
  console.log(
    `${size.toLocaleString('en-US').padStart(9)} active price alerts: built in ${(r.build / 1000).toFixed(2)} s; ` +
      `per tick p50 ${us(r.p50)}, p99 ${us(r.p99)}, mean ${us(r.mean)}, ${r.fired.toFixed(2)} fired per tick`,
  );
}
const [fewAlerts, manyAlerts] = [alertResults[0]!, alertResults[1]!];
console.log(
  `alerts ratio 1M / 10k: p50 ${(manyAlerts.p50 / fewAlerts.p50).toFixed(2)}x, p99 ${(manyAlerts.p99 / fewAlerts.p99).toFixed(2)}x, ` +
    `mean ${(manyAlerts.mean / fewAlerts.mean).toFixed(2)}x; load ${load()}`,
);
flatGoal(fewAlerts, manyAlerts, { p99Ms: GOAL_P99_MS, growth: GOAL_GROWTH });
if (stopsMissed) process.exitCode = 1;
