// `npm run bench:quotes`: the cost of quoting every pair of the catalogue (what each market tick
// does for the ticker, the quote list and the sockets) right after start and after 24 h of
// uptime, as a ratio measured in the same run. The candle window is what grows with uptime, so
// the pairs trade once a minute: a day of candles without replaying 2.4 million trades.
// Exits non-zero when the day-old cost is above 2x the cost at start.
import { loadavg } from 'node:os';
import { CATALOG } from '../server/src/market/catalog';
import { PairState } from '../server/src/market/pair-state';
import { quantile } from './stats';

const MINUTE = 60_000;
const STALE_MS = 30_000;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 300);
const GOAL = 2;

const start = Date.UTC(2031, 0, 5, 8, 0, 0);
const states = CATALOG.instruments.map((inst) => new PairState(inst, { time: start, price: String(inst.basePrice) }));
let minute = 0;

/** Trades every pair once a minute for `minutes`, quoting all of them each minute like the ticker. */
function run(minutes: number): void {
  for (const end = minute + minutes; minute < end; minute++) {
    const ts = start + minute * MINUTE;
    states.forEach((s, i) => {
      const price = (s.inst.basePrice * (1 + 0.02 * Math.sin(minute / 37 + i))).toFixed(s.inst.priceDecimals);
      s.onTrade({ kind: 'trade', symbol: s.inst.symbol, price, amount: '1.25', direction: 'buy', ts });
      s.quote(ts, STALE_MS, 'simulated');
    });
  }
}

/**
 * Time of quoting all pairs, in ms: the 10th percentile of the repeats, which other processes'
 * load (this machine is shared) disturbs least. The quotes of a run see the same window.
 */
function quoteAll(): number {
  const now = start + minute * MINUTE;
  const times: number[] = [];
  for (let r = 0; r < REPEATS; r++) {
    const t0 = performance.now();
    for (const s of states) s.quote(now, STALE_MS, 'simulated');
    times.push(performance.now() - t0);
  }
  return quantile(times, 0.1);
}

run(10);
quoteAll(); // warm-up: the first calls include compiling the code
const atStart = quoteAll();
run(24 * 60);
const afterDay = quoteAll();
const candles = states.reduce((n, s) => n + s.day.size, 0);
console.log(
  `quoting all ${states.length} pairs (10th percentile of ${REPEATS}; load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
);
console.log(`  10 min after start:  ${atStart.toFixed(3)} ms`);
console.log(`  after 24 h:          ${afterDay.toFixed(3)} ms (${candles} candles in the 24 h windows)`);
console.log(`  ratio: ${(afterDay / atStart).toFixed(2)}x of the cost at start (goal <= ${GOAL}x)`);
if (afterDay / atStart > GOAL) process.exitCode = 1;
