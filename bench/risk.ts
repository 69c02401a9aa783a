// `npm run bench:risk`: how long one price tick takes to find the futures positions it triggers
// (take-profit, stop-loss, liquidation) in the server's trigger index (server/src/products/futures/triggers.ts),
// with 10,000 and with 1,000,000 open positions over 20 pairs. Positions hold take-profit,
// stop-loss and liquidation prices spread over 5 % either side of the pairs' price. Each measured
// tick moves one pair from that price by a random distance sized so that it sets off about five
// positions whatever the book's size (the work that depends on what fires, not on what does not);
// `fire` finds them and takes them out of the index, then (untimed) they are put back, so every tick
// meets the same book. Prints p50, p99 and mean per tick and the ratios 1M / 10k, and the same for
// the range search alone (`reached`, timed apart on the same tick before `fire`).
// Goal: p99 <= 5 ms per tick at both sizes, and flat: the p99 at 1M at most 2x the one at 10k.
// Exits non-zero when missed. RISK_TICKS sets the measured ticks per size (default 20,000).
import { mulberry32, type Random } from '../server/src/market/prng';
import { TriggerIndex, type Watched } from '../server/src/positions/triggers';
import { collectGarbage, flatGoal, load, msSince, percentiles, quantile, us, type Percentiles } from './stats';

const PAIRS = 20;
const TICKS = Number(process.env.RISK_TICKS ?? 20_000);
const WARMUP = Math.min(5_000, Math.max(500, Math.floor(TICKS / 4)));
const SIZES = [10_000, 1_000_000];
const GOAL_P99_MS = 5;
const GOAL_GROWTH = 2;
/** Every pair trades around 100,000 with 2 decimals (the grid of BTC/USDT). */
const BASE = 100_000;
/** Triggers lie within this fraction of the price they were set at. */
const BAND = 0.05;
/** Positions a tick should set off on average. */
const FIRED_PER_TICK = 5;

const onGrid = (x: number) => (Math.round(x * 100) / 100).toFixed(2);

/**
 * A position opened earlier at some price: take-profit, stop-loss and liquidation spread evenly
 * over the band either side of `price` (the pair's price now), none of them crossed by it.
 */
function position(id: number, random: Random, pairId: number, price: number): Watched {
  const side = random() < 0.5 ? 1 : 2;
  const sign = side === 1 ? 1 : -1;
  const sl = price - sign * price * BAND * random();
  return {
    id,
    pairId,
    side,
    status: 'open',
    takeProfit: onGrid(price + sign * (price * BAND * random() + 0.01)),
    stopLoss: onGrid(sl - sign * 0.01),
    liquidation: onGrid(sl - sign * (price * 0.02 * random() + 0.02)),
  };
}

interface Result extends Percentiles {
  /** The range search alone (`reached`), without taking the positions out. */
  searchP50: number;
  searchP99: number;
  size: number;
  build: number;
  fired: number;
}

function run(size: number): Result {
  const random = mulberry32(size);
  const index = new TriggerIndex();
  const positions: Watched[] = [];
  const t0 = performance.now();
  for (let i = 0; i < size; i++) {
    const w = position(i + 1, random, (i % PAIRS) + 1, BASE);
    positions.push(w);
    index.upsert(w);
  }
  const build = performance.now() - t0;
  // Either side of the price, about one trigger per position lies within BAND (a long's
  // take-profit, a short's stop-loss; liquidations further out): the distance that crosses
  // FIRED_PER_TICK of them on average.
  const perPair = size / PAIRS;
  const reach = (BASE * BAND * FIRED_PER_TICK) / perPair;
  collectGarbage();
  const samples: number[] = [];
  const searches: number[] = [];
  let fired = 0;
  for (let tick = 0; tick < WARMUP + TICKS; tick++) {
    const pair = (tick % PAIRS) + 1;
    const price = onGrid(BASE + (random() < 0.5 ? -1 : 1) * 2 * reach * random());
    const searchStart = process.hrtime.bigint();
    index.reached(pair, Number(price));
    const searched = msSince(searchStart);
    const start = process.hrtime.bigint();
    const hits = index.fire(pair, price);
    const took = msSince(start);
    if (tick >= WARMUP) {
      samples.push(took);
      searches.push(searched);
      fired += hits.length;
    }
    for (const h of hits) index.upsert(positions[h.id - 1]!);
  }
  if (index.size !== size) throw new Error(`index holds ${index.size}, expected ${size}`);
  return {
    searchP50: quantile(searches, 0.5),
    searchP99: quantile(searches, 0.99),
    size,
    build,
    ...percentiles(samples),
    fired: fired / TICKS,
  };
}

console.log(`bench:risk: ${PAIRS} pairs, ${TICKS} ticks per size after ${WARMUP} warm-up; load ${load()}`);
const results: Result[] = [];
for (const size of SIZES) {
  const r = run(size);
  results.push(r);
  console.log(
    `${size.toLocaleString('en-US').padStart(9)} positions: built in ${(r.build / 1000).toFixed(2)} s; per tick ` +
      `p50 ${us(r.p50)}, p99 ${us(r.p99)}, mean ${us(r.mean)}, ${r.fired.toFixed(2)} triggered per tick; ` +
      `the search alone p50 ${us(r.searchP50)}, p99 ${us(r.searchP99)}`,
  );
}
const [small, big] = [results[0]!, results[1]!];
const growth = big.p50 / small.p50;
const growth99 = big.p99 / small.p99;
console.log(
  `ratio 1M / 10k: p50 ${growth.toFixed(2)}x, p99 ${growth99.toFixed(2)}x (search alone: p50 ` +
    `${(big.searchP50 / small.searchP50).toFixed(2)}x, p99 ${(big.searchP99 / small.searchP99).toFixed(2)}x); load ${load()}`,
);
flatGoal(small, big, { p99Ms: GOAL_P99_MS, growth: GOAL_GROWTH });
