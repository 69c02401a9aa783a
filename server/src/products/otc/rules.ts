import type { AdSide, PriceType } from '@contract/otc';
import { FIAT_DECIMALS, QUANTITY_DECIMALS } from '@contract/otc';
import { Money } from '../../ledger/money';

/**
 * Pure rules of OTC: prices, amounts and who sells. Rounding: a margin price and a fiat amount
 * are rounded half-up to the fiat's 2 decimals; the order's USDT value (for limits) is rounded
 * up to 8 decimals so rounding never lets an order slip under a limit.
 */

/** Fiat per coin: the fixed price, or the feed's USDT price x the fiat table's rate x (1 + margin). */
export function adPrice(
  ad: { priceType: PriceType; fixedPrice: string | null; margin: string | null },
  feed: { usdtPrice: string | null; fiatPerUsd: string | null },
): Money | null {
  if (ad.priceType === 'fixed') return ad.fixedPrice === null ? null : new Money(ad.fixedPrice);
  if (feed.usdtPrice === null || feed.fiatPerUsd === null) return null;
  return new Money(feed.usdtPrice)
    .times(feed.fiatPerUsd)
    .times(new Money(1).plus(ad.margin ?? '0'))
    .toDecimalPlaces(FIAT_DECIMALS, Money.ROUND_HALF_UP);
}

/** What the buyer pays for `quantity` at `price`, at the fiat's decimals. */
export const fiatAmountOf = (quantity: Money, price: Money): Money =>
  quantity.times(price).toDecimalPlaces(FIAT_DECIMALS, Money.ROUND_HALF_UP);

/** The order's value in USDT, for the level limits and the appeal rule. */
export const usdtValueOf = (quantity: Money, usdtPrice: string): Money =>
  quantity.times(usdtPrice).toDecimalPlaces(8, Money.ROUND_UP);

/** The taker's side is the opposite of the ad's; the seller is who gives the coins. */
export function sidesOf(ad: { side: AdSide; merchantId: number }, takerId: number) {
  return ad.side === 'sell'
    ? { buyerId: takerId, sellerId: ad.merchantId }
    : { buyerId: ad.merchantId, sellerId: takerId };
}

/** A quantity with more decimals than an order keeps is refused rather than rounded. */
export const quantityFits = (q: Money): boolean => q.decimalPlaces() <= QUANTITY_DECIMALS;
