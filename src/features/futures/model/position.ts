import { Decimal } from 'decimal.js';
import type { Position } from '@contract/futures';
import { profitOf, riskRateOf, type Side } from './math';

export const sideOf = (p: Pick<Position, 'type'>): Side => (p.type === 1 ? 'long' : 'short');

export interface LiveFigures {
  /** The mark the figures are at. */
  mark: string | null;
  /** Unrealised profit at the mark (the server's figure until a newer price arrives). */
  profit: string;
  /** Risk rate in percent, 2 decimals; null without a price. */
  hazardRate: string | null;
  /** Profit over margin, as a ratio. */
  yield: Decimal | null;
}

/**
 * An open position's figures at a newer mark than the server's (from the live ticker), with the
 * server's formulas (contract/futures.ts): profit long (mark - entry) x qty, short (entry - mark) x
 * qty; risk rate = (margin + profit) / maintenance margin at the mark x 100, the maintenance rate
 * read back from the server's exact maintenance margin at its own mark.
 * The liquidation price does not move with the mark and stays the server's.
 */
export function liveFigures(p: Position, mark: string | null | undefined): LiveFigures {
  const margin = new Decimal(p.caution_money);
  const ratio = (profit: Decimal.Value) => (margin.gt(0) ? new Decimal(profit).div(margin) : null);
  if (p.status !== 'open' || !mark || !p.update_price || mark === p.update_price) {
    return { mark: p.update_price, profit: p.profits, hazardRate: p.hazard_rate, yield: ratio(p.profits) };
  }
  const profit = profitOf(sideOf(p), p.price, mark, p.number);
  // The server's maintenance margin is exact (notional at its mark x rate), so the rate is too.
  const markNotional = new Decimal(p.update_price).times(p.number);
  const rate = markNotional.gt(0) ? new Decimal(p.maintenance_margin).div(markNotional) : new Decimal(0);
  const hazard = riskRateOf(margin, profit, mark, p.number, rate);
  return { mark, profit: profit.toFixed(), hazardRate: hazard ? hazard.toFixed(2) : null, yield: ratio(profit) };
}

/**
 * Totals over open positions at their live marks, as `/lever/my_trade`'s totals: profit summed,
 * risk rate = (margins + profits) / maintenance margins at the marks x 100 (2 decimals, down).
 */
export function totalsAt(
  positions: readonly Position[],
  marks: Readonly<Record<string, string>>,
): { profit: Decimal; margin: Decimal; hazardRate: string | null } {
  let profit = new Decimal(0);
  let margin = new Decimal(0);
  let maintenance = new Decimal(0);
  for (const p of positions) {
    if (p.status !== 'open') continue;
    const mark = marks[p.symbol] ?? p.update_price;
    profit = profit.plus(liveFigures(p, mark).profit);
    margin = margin.plus(p.caution_money);
    if (mark && p.update_price && new Decimal(p.update_price).gt(0)) {
      maintenance = maintenance.plus(new Decimal(p.maintenance_margin).times(mark).div(p.update_price));
    }
  }
  const hazard = maintenance.gt(0)
    ? margin.plus(profit).div(maintenance).times(100).toDecimalPlaces(2, Decimal.ROUND_FLOOR).toFixed(2)
    : null;
  return { profit, margin, hazardRate: hazard };
}
