import { CURRENCY_IDS, type ChainCurrency } from '@contract/fund';
import { AppError } from '../../errors';
import { Money } from '../../ledger/money';
import type { PriceSource } from '../../market/prices';

/**
 * A stale price is still the feed's last trade and is used: a limit check should not fail
 * because a feed paused briefly. No price at all refuses the withdrawal rather than guessing.
 */
function priceOf(source: PriceSource, currency: ChainCurrency): Money {
  const p = source.usdtPrice(CURRENCY_IDS[currency]);
  if (!p) throw new AppError('price_unavailable');
  return new Money(p.price);
}

/** `amount` of `currency` in BTC at the current prices, for the withdrawal limits (BTC needs no price). */
export function toBtc(source: PriceSource, currency: ChainCurrency, amount: string): Money {
  if (currency === 'BTC') return new Money(amount);
  return new Money(amount).times(priceOf(source, currency)).div(priceOf(source, 'BTC'));
}
