import { Decimal } from 'decimal.js';
import { SLIPPAGE_PRESETS, MAX_SLIPPAGE_PERCENT, type OrderSide } from '@contract/trade';
import { toDecimal } from '@/lib/format';
import type { Level } from './book';
import { floorToStep, QUOTE_DECIMALS, trim } from './form';

/** What a market order would fill at on the book as shown: the server checks it again on its own book. */
export interface FillEstimate {
  /** Base quantity that would fill. */
  filled: string;
  /** Quote value of that fill. */
  total: string;
  /** Volume-weighted price of the fill. */
  average: string;
  /** How much worse than the last price the average is, in percent (0 or more). */
  slippage: string;
  /** False when the levels shown cannot fill the whole order (the rest is cancelled). */
  complete: boolean;
}

/**
 * Walks the other side of the book best price first, as the matching engine does: a sell (or a
 * lot-sized buy) takes `amount` base; a market buy spends `amount` quote, whole lots per level.
 * Null when nothing would fill or the last price is unknown.
 */
export function estimateFill(
  side: OrderSide,
  amount: string,
  levels: readonly Level[],
  lastPrice: string | undefined,
  rules: { lot_size: string; price_decimals: number },
): FillEstimate | null {
  const wanted = toDecimal(amount);
  const last = toDecimal(lastPrice);
  if (!wanted || wanted.lte(0) || !last || last.lte(0)) return null;
  const spends = side === 'buy';
  let left = wanted;
  let filled = new Decimal(0);
  let total = new Decimal(0);
  let reached = last;
  for (const [priceText, sizeText] of levels) {
    if (left.lte(0)) break;
    const price = new Decimal(priceText);
    reached = price;
    const affordable = spends ? new Decimal(floorToStep(left.div(price), rules.lot_size)) : left;
    const take = Decimal.min(affordable, sizeText);
    if (take.lte(0)) break;
    filled = filled.plus(take);
    total = total.plus(take.times(price));
    left = left.minus(spends ? take.times(price) : take);
  }
  if (filled.isZero()) return null;
  const average = total.div(filled);
  const worse = spends ? average.minus(last) : last.minus(average);
  const slippage = Decimal.max(worse.div(last).times(100), 0);
  // A buy is complete when what is left cannot pay one more lot at the price it stopped at.
  const complete = spends ? left.lt(reached.times(rules.lot_size)) : left.isZero();
  return {
    filled: trim(filled.toFixed()),
    total: trim(total.toFixed(QUOTE_DECIMALS, Decimal.ROUND_DOWN)),
    average: average.toFixed(rules.price_decimals, spends ? Decimal.ROUND_UP : Decimal.ROUND_DOWN),
    slippage: slippage.toFixed(2, Decimal.ROUND_UP),
    complete,
  };
}

/** The estimated fill of an order about to be confirmed: market orders only, on the book shown. */
export function marketFill(
  order: { side: OrderSide; type: string; amount: string } | null,
  book: { bids: readonly Level[]; asks: readonly Level[] } | null | undefined,
  lastPrice: string | undefined,
  rules: { lot_size: string; price_decimals: number },
): FillEstimate | null {
  if (order?.type !== 'market') return null;
  const levels = (order.side === 'buy' ? book?.asks : book?.bids) ?? [];
  return estimateFill(order.side, order.amount, levels, lastPrice, rules);
}

/** The slippage limit the user chose: one of the presets, or a custom percentage as typed. */
export type SlippageChoice = (typeof SLIPPAGE_PRESETS)[number] | 'custom';

/** A typed slippage limit as the order sends it, or null when it is not a percentage above 0 and at most 50. */
export function slippageLimit(choice: SlippageChoice, custom: string): string | null {
  if (choice !== 'custom') return choice;
  const text = custom.trim();
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text)) return null;
  const value = new Decimal(text);
  return value.gt(0) && value.lte(MAX_SLIPPAGE_PERCENT) ? value.toFixed() : null;
}

/** Whether the estimate stays within the limit (the server refuses the order otherwise). */
export const withinLimit = (fill: FillEstimate, limit: string) => new Decimal(fill.slippage).lte(limit);

/** A rate as a percentage without trailing zeros: "0.0005" → "0.05", "0" → "0". */
export const ratePercent = (rate: string) => trim(new Decimal(rate).times(100).toFixed(4));

/** The maker's spread in basis points as a percentage: 20 → "0.2". */
export const bpsPercent = (bps: number) => trim(new Decimal(bps).div(100).toFixed(2));
