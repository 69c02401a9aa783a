import { CURRENCY_IDS } from '@contract/domain/instruments';
import { DAY_MS } from '@contract/invest';
import type { Tx } from '../../ledger/index';
import type { PriceSource } from '../../market/prices';
import { fromUnits, toUnits } from '../../ledger/batch';
import { existingSeedKeys, insertProduct } from './repo';
import { maturityOf, nameOfCurrency, pairOfCoin } from './terms';

/**
 * Demo mode's products: each UTC day, per coin, three terms on sale until the day ends, with the
 * linked price above the feed price when they are made ("sell high"). Keyed by coin, term and
 * day, so making them twice (a second process, a sweep run again) adds nothing.
 */
export const DEMO_TERMS = [
  { days: 1, above: '0.02', apr: '0.365' },
  { days: 3, above: '0.04', apr: '0.55' },
  { days: 7, above: '0.07', apr: '0.73' },
] as const;

const DEMO_COINS = [
  { currencyId: CURRENCY_IDS.BTC, pricePerShare: '0.001', step: 100n },
  { currencyId: CURRENCY_IDS.ETH, pricePerShare: '0.01', step: 10n },
] as const;

const DEMO_SHARES = 1000;
const SCALE = 10n ** 18n;

/** price x (1 + above), rounded up to a whole `step` (a round linked price). */
export function linkedAbove(price: string, above: string, step: bigint): string {
  const raw = (toUnits(price) * (SCALE + toUnits(above))) / SCALE;
  const unit = step * SCALE;
  return fromUnits(((raw + unit - 1n) / unit) * unit);
}

/** Makes today's missing demo products that have a live price; returns how many are still missing. */
export async function ensureDemoProducts(tx: Tx, now: Date, prices: PriceSource): Promise<number> {
  const dayStart = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const day = new Date(dayStart).toISOString().slice(0, 10);
  const wanted = DEMO_COINS.flatMap((c) =>
    DEMO_TERMS.map((t) => ({ ...c, ...t, key: `demo:${nameOfCurrency(c.currencyId)}:${t.days}:${day}` })),
  );
  const have = await existingSeedKeys(
    tx,
    wanted.map((w) => w.key),
  );
  let missing = 0;
  for (const w of wanted) {
    if (have.has(w.key)) continue;
    const price = prices.usdtPrice(w.currencyId);
    // No live price, no product: a linked price is never made up.
    if (!price || price.stale) {
      missing += 1;
      continue;
    }
    const saleEndsAt = dayStart + DAY_MS;
    await insertProduct(tx, {
      type: 'call',
      currencyId: w.currencyId,
      pairId: pairOfCoin(w.currencyId).id,
      pricePerShare: w.pricePerShare,
      apr: w.apr,
      linkedPrice: linkedAbove(price.price, w.above, w.step),
      holdingDays: w.days,
      saleEndsAt,
      maturityAt: maturityOf(saleEndsAt, w.days),
      totalShares: DEMO_SHARES,
      enabled: true,
      seedKey: w.key,
      createdAt: now,
      updatedAt: now,
    });
  }
  return missing;
}
