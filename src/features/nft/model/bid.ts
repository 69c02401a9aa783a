import { Decimal } from 'decimal.js';
import type { NftArtwork } from '@contract/nft';

/** Wire amounts: at most 10 decimals (contract `amount()`). */
const AMOUNT = /^\d{1,15}(\.\d{1,10})?$/;

export type BidProblem = 'format' | 'below_min';

/** Why a typed bid cannot be sent, or null when it can: a positive amount at least the minimum next bid. */
export function bidProblem(price: string, minBid: string | null): BidProblem | null {
  const text = price.trim();
  if (!AMOUNT.test(text) || new Decimal(text).lte(0)) return 'format';
  if (minBid !== null && new Decimal(text).lt(minBid)) return 'below_min';
  return null;
}

/** What this bid holds now: the sale's margin on the caller's first bid, nothing after. */
export function marginToHold(a: Pick<NftArtwork, 'margin' | 'margin_paid'>): string {
  return a.margin_paid || a.margin === null ? '0' : a.margin;
}

/** What a winner still pays at the end: the bid less the margin already held (never below zero). */
export function dueIfWon(price: string, margin: string | null): string {
  const due = new Decimal(price).minus(margin ?? 0);
  return (due.isNegative() ? new Decimal(0) : due).toFixed();
}

/** One increment above `price`, for the "+" button. */
export function plusIncrement(price: string, increment: string | null): string {
  const base = AMOUNT.test(price.trim()) ? new Decimal(price.trim()) : new Decimal(0);
  return base.plus(increment ?? 0).toFixed();
}
