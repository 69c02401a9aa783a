import Decimal from 'decimal.js';
import type { PairRules } from '@contract/trade';
import type { MakerConfig } from '../../config';

/** One order the maker wants on the book, in the pair's ticks and lots. */
export interface Quote {
  side: 'buy' | 'sell';
  price: number;
  qty: number;
}

/**
 * The price grid the maker quotes on: levels are whole multiples of `step` ticks (half the spread
 * at the price the grid was made for). Quoting on a fixed grid means a move of one step changes
 * one level each side instead of every level, which keeps the maker's writes low.
 */
export interface Grid {
  step: number;
  /** The feed price the step was computed at. */
  madeAt: string;
}

/** Half a spread in ticks at `mid` (at least one tick). */
export function gridFor(mid: string, spreadBps: number, tick: string): Grid {
  const step = new Decimal(mid).times(spreadBps).div(20_000).div(tick).round().toNumber();
  return { step: Math.max(1, step), madeAt: mid };
}

/** The grid point nearest the feed price, in ticks: the centre of the quotes. */
export function centreOf(mid: string, grid: Grid, tick: string): number {
  return new Decimal(mid).div(tick).div(grid.step).round().toNumber() * grid.step;
}

export interface LadderInput {
  /** The feed's last price of the pair. */
  mid: string;
  grid: Grid;
  rules: Pick<PairRules, 'tick_size' | 'lot_size' | 'min_qty'>;
  config: Pick<MakerConfig, 'levels' | 'levelValue' | 'maxInventory'>;
  /** The maker's base inventory (available and held): asks never sell more than this. */
  baseInventory: string;
  /** What the maker may spend on bids of this pair, in the settlement currency. */
  quoteBudget: string;
}

/**
 * The maker's quotes: level i (from 0) sits i + 1 grid steps either side of the grid point nearest
 * the feed price, so the best bid and ask are one spread apart and the price is always between
 * them. Each level is worth about `levelValue` (at least the pair's minimum quantity), sized from
 * its own price only, so an unchanged level keeps its order. Bids stop where filling them would
 * take the base inventory's value above `maxInventory` or spend more than `quoteBudget`; asks stop
 * at the base inventory.
 */
export function quoteLadder(input: LadderInput): Quote[] {
  const { rules, config, grid } = input;
  const mid = new Decimal(input.mid);
  const tick = new Decimal(rules.tick_size);
  const lot = new Decimal(rules.lot_size);
  const minLots = new Decimal(rules.min_qty).div(lot).toNumber();
  const centre = centreOf(input.mid, grid, rules.tick_size);
  const lotsFor = (priceTicks: number) =>
    Math.max(minLots, new Decimal(config.levelValue).div(tick.times(priceTicks)).div(lot).floor().toNumber());

  const quotes: Quote[] = [];
  let inventoryValue = new Decimal(input.baseInventory).times(mid);
  let budget = new Decimal(input.quoteBudget);
  for (let i = 1; i <= config.levels; i++) {
    const ticks = centre - grid.step * i;
    if (ticks < 1) break;
    const qty = lotsFor(ticks);
    const cost = tick.times(ticks).times(lot.times(qty));
    const grows = lot.times(qty).times(mid);
    if (inventoryValue.plus(grows).gt(config.maxInventory) || cost.gt(budget)) break;
    quotes.push({ side: 'buy', price: ticks, qty });
    inventoryValue = inventoryValue.plus(grows);
    budget = budget.minus(cost);
  }
  let baseLeft = new Decimal(input.baseInventory).div(lot).floor().toNumber();
  for (let i = 1; i <= config.levels; i++) {
    const ticks = centre + grid.step * i;
    const qty = lotsFor(ticks);
    if (qty > baseLeft) break;
    quotes.push({ side: 'sell', price: ticks, qty });
    baseLeft -= qty;
  }
  return quotes;
}
