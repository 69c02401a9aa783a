import Decimal from 'decimal.js';
import type { Bar } from './candles';
import type { Instrument } from './catalog';
import { bucketStart, periodMs, shiftBucket, type Period } from './periods';
import { hashSeed, mulberry32, normal } from './prng';

/** How much simulated history exists before the first live candle: enough for every chart. */
export const HISTORY_COUNT: Record<Period, number> = {
  '1min': 1440,
  '5min': 600,
  '15min': 500,
  '30min': 500,
  '60min': 500,
  '1day': 365,
  '1week': 156,
  '1mon': 60,
};

const YEAR_MS = 365 * 86_400_000;
const SUBSTEPS = 4;

/**
 * Simulated candles of `period` that end where live data begins (`anchorTime`, `anchorPrice`),
 * oldest first. Computed directly from the seeded process, walking backwards from the anchor so
 * the chart joins the live price; nothing is stored, so starting the app costs nothing.
 */
export function syntheticHistory(
  inst: Instrument,
  period: Period,
  seed: number,
  anchor: { time: number; price: string },
  /** Fewer than the full history: the latest `count` (the same candles, the walk goes backwards). */
  count = HISTORY_COUNT[period],
): Bar[] {
  const random = mulberry32(hashSeed(seed, inst.symbol, period, anchor.time));
  const stepVol = inst.vol * Math.sqrt(periodMs(period) / SUBSTEPS / YEAR_MS);
  // Floats inside the walk (it is a simulation); each figure becomes an exact decimal once.
  const dec = (p: number) => new Decimal(p.toFixed(inst.priceDecimals));
  const lastStart = shiftBucket(period, bucketStart(period, anchor.time), -1);
  const bars: Bar[] = [];
  let later = Number(anchor.price);
  for (let i = 0; i < count; i++) {
    // Walk from the close back to the open; high and low are the extremes of the path.
    let p = later;
    let high = p;
    let low = p;
    for (let s = 0; s < SUBSTEPS; s++) {
      p *= Math.exp(stepVol * normal(random));
      high = Math.max(high, p);
      low = Math.min(low, p);
    }
    const trades = (periodMs(period) / 1000) * (0.3 + 0.4 * random());
    bars.push({
      time: shiftBucket(period, lastStart, -i),
      open: dec(p),
      close: i === 0 ? new Decimal(anchor.price) : dec(later),
      high: dec(high),
      low: dec(low),
      volume: new Decimal((inst.lot * trades).toFixed(4)),
    });
    later = p;
  }
  return bars.reverse();
}
