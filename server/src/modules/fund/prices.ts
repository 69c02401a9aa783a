import type { ChainCurrency } from '@contract/fund';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { Money } from '../../ledger/money';

/**
 * USDT prices of the chain currencies, for the BTC-equivalent withdrawal limits. The app passes
 * the market feed's last prices; tests pass fixed ones. A missing price refuses the withdrawal
 * rather than guessing one (principle 2: prices only from the feed).
 */
export interface PriceSource {
  usdtPrice(currency: ChainCurrency): Promise<string | null> | string | null;
}

export const NO_PRICES: PriceSource = { usdtPrice: (c) => (c === 'USDT' ? '1' : null) };

export const fixedPrices = (prices: Partial<Record<ChainCurrency, string>>): PriceSource => ({
  usdtPrice: (c) => (c === 'USDT' ? '1' : (prices[c] ?? null)),
});

async function priceOf(source: PriceSource, currency: ChainCurrency): Promise<Money> {
  const p = await source.usdtPrice(currency);
  if (p === null || !(new Money(p).isPositive())) throw new AppError('price_unavailable');
  return new Money(p);
}

/** `amount` of `currency` in BTC at the current prices (BTC itself needs no price). */
export async function toBtc(source: PriceSource, currency: ChainCurrency, amount: string): Promise<Money> {
  if (currency === 'BTC') return new Money(amount);
  const [price, btc] = await Promise.all([priceOf(source, currency), priceOf(source, 'BTC')]);
  return new Money(amount).times(price).div(btc);
}

/**
 * The market feed's last USDT price; none before the first tick. A stale price is still the
 * feed's last trade and is used: a limit check should not fail because a feed paused briefly.
 */
export const marketPrices = (market: AppContext['market']): PriceSource => ({
  usdtPrice(currency) {
    if (currency === 'USDT') return '1';
    const inst = market.find(`${currency}/USDT`);
    if (!inst) return null;
    const q = market.quote(inst);
    return q.ts > 0 ? q.now_price : null;
  },
});
