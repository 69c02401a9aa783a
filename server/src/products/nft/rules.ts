import { AUCTION_EXTENSION_MS, AUCTION_EXTENSION_WINDOW_MS, buyStatus, saleState, type SaleState } from '@contract/nft';
import { Money, toWire } from '../../ledger/index';

/** The auction rules of SPEC.md sections 4 and 9, pure. */

/** The least the next bid may be: the starting price first, then the current bid plus the increment. */
export function minBid(sale: { price: string; perIncrease: string; topBid: string | null }): Money {
  return sale.topBid === null ? new Money(sale.price) : new Money(sale.topBid).plus(sale.perIncrease);
}

/** The end after a bid at `now`: 5 minutes later when the bid came in the last 5 minutes. */
export function endAfterBid(endAt: number, now: number): number {
  return endAt - now <= AUCTION_EXTENSION_WINDOW_MS ? endAt + AUCTION_EXTENSION_MS : endAt;
}

/**
 * The margin of an auction: the one asked for, else a tenth of the starting price; never less
 * than the smallest unit, so every bidder puts something at stake (a free bid could block a sale).
 */
export function auctionMargin(price: string, asked?: string | null): string {
  const least = new Money('0.00000001');
  const margin =
    asked && new Money(asked).gt(0) ? new Money(asked) : new Money(price).div(10).toDecimalPlaces(8, Money.ROUND_DOWN);
  return toWire(Money.max(margin, least));
}

/** What the winner still pays: the price less the margin already held (never below 0). */
export function amountDue(price: string, margin: string): Money {
  const due = new Money(price).minus(margin);
  return due.isNegative() ? new Money(0) : due;
}

/** Whether a sale takes buys or bids at `now`. */
export const isLive = (start: Date, end: Date, now: Date): boolean =>
  now.getTime() >= start.getTime() && now.getTime() < end.getTime();

export interface SaleTiming {
  status: SaleState;
  buy_status: 0 | 1 | 2;
}

/** Display state and SPEC.md's buy status of a sale; `sold` once bought or won. */
export function timing(start: Date, end: Date, sold: boolean, now: Date): SaleTiming {
  const n = now.getTime();
  return {
    status: saleState(n, start.getTime(), end.getTime()),
    buy_status: buyStatus(n, start.getTime(), end.getTime(), sold),
  };
}
