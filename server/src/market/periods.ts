import { PERIODS, type Period } from '@contract/market-events';

export { PERIODS, type Period };

const MIN = 60_000;
const FIXED: Partial<Record<Period, number>> = {
  '1min': MIN,
  '5min': 5 * MIN,
  '15min': 15 * MIN,
  '30min': 30 * MIN,
  '60min': 60 * MIN,
  '1day': 1440 * MIN,
};
/** 1970-01-05 was a Monday: weeks start on Monday 00:00 UTC, as exchanges count them. */
const WEEK_ORIGIN = 4 * 1440 * MIN;
const WEEK = 7 * 1440 * MIN;

/** Start (epoch ms, UTC) of the candle of `period` that contains `t`. */
export function bucketStart(period: Period, t: number): number {
  const size = FIXED[period];
  if (size) return Math.floor(t / size) * size;
  if (period === '1week') return Math.floor((t - WEEK_ORIGIN) / WEEK) * WEEK + WEEK_ORIGIN;
  const d = new Date(t);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Start of the candle `n` candles after (or, negative, before) the one starting at `start`. */
export function shiftBucket(period: Period, start: number, n: number): number {
  const size = FIXED[period] ?? (period === '1week' ? WEEK : undefined);
  if (size) return start + n * size;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
}

/** Nominal length, for volatility scaling and range estimates (a month counts 30 days). */
export function periodMs(period: Period): number {
  return FIXED[period] ?? (period === '1week' ? WEEK : 30 * 1440 * MIN);
}
