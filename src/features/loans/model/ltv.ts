import { parseDec, cmpDec } from '@/lib/format';

/** Where an LTV stands against its loan's thresholds: the gauge's colour. */
export type LtvLevel = 'safe' | 'warning' | 'danger';

export function ltvLevel(ltv: string | null, marginCall: string, liquidation: string): LtvLevel {
  const v = parseDec(ltv);
  const m = parseDec(marginCall);
  const l = parseDec(liquidation);
  if (!v || !m || !l) return 'safe';
  if (cmpDec(v, l) >= 0 || cmpDec(v, m) >= 0) return 'danger';
  // Within 10 points of the margin call.
  return Number(ltv) >= Number(marginCall) - 0.1 ? 'warning' : 'safe';
}

/** The gauge's fill, 0-100, with the liquidation LTV at the full width. */
export function gaugeFill(ltv: string | null, liquidation: string): number {
  const v = Number(ltv ?? 0);
  const l = Number(liquidation);
  if (!Number.isFinite(v) || !Number.isFinite(l) || l <= 0) return 0;
  return Math.max(0, Math.min(100, (v / l) * 100));
}
