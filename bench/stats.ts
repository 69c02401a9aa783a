// Summaries the benchmarks share.

/**
 * The value at share `q` of the values in order: index ⌊q·n⌋ of the sorted values (the last one
 * at most), so the median of an even count is the upper middle one and p99 of 100 is the largest.
 */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export const median = (values: number[]): number => quantile(values, 0.5);
