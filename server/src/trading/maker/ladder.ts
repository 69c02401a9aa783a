import Decimal from 'decimal.js';
import type { PairRules } from '@contract/trade';
import type { MakerConfig } from '../../config';

/** One order the maker wants on the book, in the pair's ticks and lots. */
export interface Quote {
  side: 'buy' | 'sell';
  price: number;
  qty: number;
}

export interface LadderInput {
  /** The feed's last price of the pair. */
  mid: string;
  rules: Pick<PairRules, 'tick_size' | 'lot_size' | 'min_qty'>;
  config: Pick<MakerConfig, 'spreadBps' | 'levels' | 'levelValue' | 'maxInventory'>;
  /** The maker's base inventory (available and held): asks never sell more than this. */
  baseInventory: string;
  /** What the maker may spend on bids of this pair, in the settlement currency. */
  quoteBudget: string;
}

/**
 * The maker's quotes around the feed price: level i (from 0) sits (i + 1) half-spreads from the
 * price, bids rounded down and asks rounded up to the tick, so the best bid and ask are one
 * spread apart (or a little more). Each level is worth about `levelValue` (at least the pair's
 * minimum quantity). Bids stop where filling them would take the base inventory's value above
 * `maxInventory` or spend more than `quoteBudget`; asks stop at the base inventory.
 */
export function quoteLadder(input: LadderInput): Quote[] {
  const { rules, config } = input;
  const mid = new Decimal(input.mid);
  const tick = new Decimal(rules.tick_size);
  const lot = new Decimal(rules.lot_size);
  const minLots = new Decimal(rules.min_qty).div(lot).toNumber();
  const half = new Decimal(config.spreadBps).div(20_000);
  const lotsFor = (priceTicks: number) =>
    Math.max(minLots, new Decimal(config.levelValue).div(tick.times(priceTicks)).div(lot).floor().toNumber());

  const quotes: Quote[] = [];
  let inventoryValue = new Decimal(input.baseInventory).times(mid);
  let budget = new Decimal(input.quoteBudget);
  let previousBid = Infinity;
  for (let i = 0; i < config.levels; i++) {
    const ticks = Math.min(
      previousBid - 1,
      mid
        .times(new Decimal(1).minus(half.times(i + 1)))
        .div(tick)
        .floor()
        .toNumber(),
    );
    if (ticks < 1) break;
    const qty = lotsFor(ticks);
    const cost = tick.times(ticks).times(lot.times(qty));
    const grows = lot.times(qty).times(mid);
    if (inventoryValue.plus(grows).gt(config.maxInventory) || cost.gt(budget)) break;
    quotes.push({ side: 'buy', price: ticks, qty });
    inventoryValue = inventoryValue.plus(grows);
    budget = budget.minus(cost);
    previousBid = ticks;
  }
  let baseLeft = new Decimal(input.baseInventory).div(lot).floor().toNumber();
  let previousAsk = 0;
  for (let i = 0; i < config.levels; i++) {
    const ticks = Math.max(
      previousAsk + 1,
      mid
        .times(new Decimal(1).plus(half.times(i + 1)))
        .div(tick)
        .ceil()
        .toNumber(),
    );
    const qty = lotsFor(ticks);
    if (qty > baseLeft) break;
    quotes.push({ side: 'sell', price: ticks, qty });
    baseLeft -= qty;
    previousAsk = ticks;
  }
  return quotes;
}
