import { CURRENCY_IDS } from '@contract/domain/instruments';
import { CATALOG } from './catalog';
import type { MarketRuntime } from './runtime';

/** A currency's price in USDT as the market feed last traded it. */
export interface UsdtPrice {
  /** Decimal string, above zero. */
  price: string;
  /** Time of the price (epoch ms). */
  ts: number;
  /** No tick within the feed's stale threshold: fine for valuations and limits, not for a trade. */
  stale: boolean;
}

/**
 * The one source of USDT prices on the server: wallet valuations, the coin exchange and the
 * withdrawal limits all read it. The app reads the market feed; tests pass fixed prices. No
 * price (before the first tick, or a coin the feed does not quote) is `null`, never a guess
 * (principle 2: prices only from the feed).
 */
export interface PriceSource {
  usdtPrice(currencyId: number): UsdtPrice | null;
}

const coinName = new Map(CATALOG.currencies.map((c) => [c.id, c.name]));
const POSITIVE_DECIMAL = /^(?=.*[1-9])\d+(\.\d+)?$/;

/** Last prices of the `<coin>/USDT` pairs; USDT is the unit, priced 1 at the reading time. */
export function marketPrices(market: MarketRuntime, now: () => number = Date.now): PriceSource {
  return {
    usdtPrice(currencyId) {
      if (currencyId === CURRENCY_IDS.USDT) return { price: '1', ts: now(), stale: false };
      const name = coinName.get(currencyId);
      const inst = name === undefined ? undefined : market.find(`${name}/USDT`);
      if (!inst) return null;
      const q = market.quote(inst);
      if (q.ts <= 0 || !POSITIVE_DECIMAL.test(q.now_price)) return null;
      return { price: q.now_price, ts: q.ts, stale: q.stale };
    },
  };
}

/** A test double: the given prices (by currency id), fresh at `ts`. */
export function fixedPrices(prices: Record<number, string>, ts = 0): PriceSource {
  return {
    usdtPrice(currencyId) {
      if (currencyId === CURRENCY_IDS.USDT) return { price: '1', ts, stale: false };
      const price = prices[currencyId];
      return price ? { price, ts, stale: false } : null;
    },
  };
}
