import { CURRENCY_IDS } from '@contract/domain/instruments';
import type { Currency } from '@contract/market';
import { CATALOG } from '../../market/catalog';
import type { MarketRuntime } from '../../market/runtime';

export interface UsdtPrice {
  price: string;
  /** Time of the price (epoch ms). */
  ts: number;
  /** No tick within the feed's stale threshold: fine for valuations, not for an exchange. */
  stale: boolean;
}

/** USDT prices of currencies. The app reads the market feed; tests pass fixed prices. */
export interface PriceSource {
  usdtPrice(currencyId: number): UsdtPrice | null;
}

/** Crypto currencies of the catalogue: what the wallet shows and the exchange accepts. */
export const WALLET_CURRENCIES: readonly Currency[] = CATALOG.currencies.filter((c) => c.type === 'crypto');
const byId = new Map(WALLET_CURRENCIES.map((c) => [c.id, c]));
export const walletCurrency = (id: number): Currency | undefined => byId.get(id);
export const currencyName = (id: number): string => byId.get(id)?.name ?? String(id);

/** Last prices of the `<coin>/USDT` pairs; USDT is the unit. */
export function marketPrices(market: MarketRuntime): PriceSource {
  return {
    usdtPrice(currencyId) {
      if (currencyId === CURRENCY_IDS.USDT) return { price: '1', ts: Date.now(), stale: false };
      const coin = byId.get(currencyId);
      const inst = coin && market.find(`${coin.name}/USDT`);
      if (!inst) return null;
      const q = market.quote(inst);
      if (!/^\d+(\.\d+)?$/.test(q.now_price) || !/[1-9]/.test(q.now_price)) return null;
      return { price: q.now_price, ts: q.ts, stale: q.stale };
    },
  };
}

/** A test double: the given prices, fresh at `ts`. */
export function fixedPrices(prices: Record<number, string>, ts = 0): PriceSource {
  return {
    usdtPrice(currencyId) {
      if (currencyId === CURRENCY_IDS.USDT) return { price: '1', ts, stale: false };
      const price = prices[currencyId];
      return price ? { price, ts, stale: false } : null;
    },
  };
}
