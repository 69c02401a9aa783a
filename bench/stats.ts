// What the benchmarks share: summaries of samples, timing, the machine's load, a full collection.
import { loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The value at share `q` of the values in order: index ⌊q·n⌋ of the sorted values (the last one
 * at most), so the median of an even count is the upper middle one and p99 of 100 is the largest.
 */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export const median = (values: number[]): number => quantile(values, 0.5);

/** Median, 99th percentile and mean of timing samples (milliseconds). */
export interface Percentiles {
  p50: number;
  p99: number;
  mean: number;
}

export const percentiles = (samples: number[]): Percentiles => ({
  p50: quantile(samples, 0.5),
  p99: quantile(samples, 0.99),
  mean: samples.reduce((s, x) => s + x, 0) / samples.length,
});

/** Milliseconds since `start` (a `process.hrtime.bigint()`). */
export const msSince = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;

/** Milliseconds as microseconds to one decimal, the unit of per-tick figures. */
export const us = (ms: number): string => `${(ms * 1000).toFixed(1)} us`;

/** The load averages over 1, 5 and 15 minutes: a figure measured on a busy machine says so. */
export const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

let gc: (() => void) | undefined;

/**
 * A full collection, so the latency samples see the steady state of a big structure rather than
 * the collector catching up with building it (V8 exposes `gc` to contexts created after the flag).
 */
export function collectGarbage(): void {
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}

/**
 * The goal of the index benchmarks: p99 within `p99Ms` at the small and the big size, and flat,
 * the big size's p99 at most `growth` times the small one's. Prints the verdict; a miss sets a
 * non-zero exit code.
 */
export function flatGoal(small: Percentiles, big: Percentiles, goal: { p99Ms: number; growth: number }): void {
  const ok = big.p99 <= goal.p99Ms && small.p99 <= goal.p99Ms && big.p99 / small.p99 <= goal.growth;
  console.log(ok ? 'goal met' : `goal missed (p99 <= ${goal.p99Ms} ms, p99 growth <= ${goal.growth}x)`);
  process.exitCode = ok ? 0 : 1;
}
