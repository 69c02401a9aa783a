import { Decimal } from 'decimal.js';

/** One point of the price line: feed time (epoch ms) and price (decimal string). */
export interface PricePoint {
  ts: number;
  price: string;
}

/** How much of the recent past the line shows. */
export const LINE_WINDOW_MS = 5 * 60_000;

/**
 * Adds a live price to the line: a point at or before the last one is ignored (events may repeat
 * or arrive late), points older than the window are dropped.
 */
export function pushPoint(points: readonly PricePoint[], next: PricePoint, window = LINE_WINDOW_MS): PricePoint[] {
  const last = points[points.length - 1];
  if (last && next.ts <= last.ts) return points as PricePoint[];
  return [...points, next].filter((p) => p.ts >= next.ts - window);
}

/** SVG polyline points for the line in a `width` x `height` box; empty with fewer than two points. */
export function linePath(points: readonly PricePoint[], width: number, height: number, pad = 4): string {
  if (points.length < 2) return '';
  const first = points[0]!.ts;
  const span = Math.max(1, points[points.length - 1]!.ts - first);
  const prices = points.map((p) => new Decimal(p.price));
  const low = Decimal.min(...prices);
  const high = Decimal.max(...prices);
  const range = high.minus(low);
  return points
    .map((p, i) => {
      const x = ((p.ts - first) / span) * width;
      const y = range.isZero()
        ? height / 2
        : pad + (1 - prices[i]!.minus(low).div(range).toNumber()) * (height - 2 * pad);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}
