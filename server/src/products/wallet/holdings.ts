/**
 * The assets overview's products beside the four accounts, valued at the feed's current prices.
 * Each product describes its holding (`HoldingSource`, read by one query of its own repository);
 * the composition root hands the sources in overview order. Stocks are the wallet's own: balances.
 */
import type { ResponseOf } from '@contract/define';
import type { Holding, walletHoldings } from '@contract/wallet';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/reads';
import {
  holding,
  part,
  usdtPriceOf,
  VALUE_DP,
  wireValue,
  type HoldingSource,
  type Priced,
} from '../../market/holdings';
import { Money, type BalanceRow } from '../../ledger/index';
import { CATALOG, instrumentByCurrency } from '../../market/catalog';
import type { PriceSource } from '../../market/prices';
import type { MarketRuntime } from '../../market/runtime';

const isStock = new Set(CATALOG.currencies.filter((c) => c.type === 'stock').map((c) => c.id));

/** What each source read for one user, in the sources' order. */
export type ProductReads = unknown[];

/** One query per product, concurrently, all scoped to `userId`. */
export function readProducts(db: Db, userId: number, sources: readonly HoldingSource[]): Promise<ProductReads> {
  return readTogether(
    db,
    sources.map((s) => s.read(db, userId)),
  );
}

/**
 * Stocks: each stock held in any account at its own market's last price (quoted in USD, settled
 * in USDT one for one, as the spot trade settles it). The wallet counts only what its USDT price
 * values, so the difference is outside the accounts' total.
 */
function stocks(rows: readonly BalanceRow[], prices: PriceSource, market: MarketRuntime) {
  const held = new Map<number, Money>();
  for (const r of rows) {
    if (!isStock.has(r.currencyId)) continue;
    held.set(r.currencyId, (held.get(r.currencyId) ?? new Money(0)).plus(r.available).plus(r.held));
  }
  const parts: Priced[] = [];
  for (const [id, qty] of held) {
    if (qty.isZero()) continue;
    const inst = instrumentByCurrency.get(id);
    const quote = inst ? market.quote(inst) : undefined;
    const priced = quote !== undefined && quote.ts > 0 && new Money(quote.now_price).gt(0);
    const p = part('position', id, qty, priced ? quote.now_price : null, false);
    const walletPrice = usdtPriceOf(prices, id);
    if (walletPrice !== null) p.counted = qty.times(walletPrice).toDecimalPlaces(VALUE_DP);
    parts.push(p);
  }
  return holding('stock', held.size > 0, parts);
}

/** Margin trading is not offered here (SPEC.md lists it among home entries "in development"). */
const MARGIN: Holding = { key: 'margin', offered: false, used: false, usdt_value: '0', in_accounts: '0', parts: [] };

export function holdingsView(input: {
  sources: readonly HoldingSource[];
  rows: readonly BalanceRow[];
  reads: ProductReads;
  prices: PriceSource;
  market: MarketRuntime;
  now: number;
}): ResponseOf<typeof walletHoldings> {
  const { rows, reads, prices, market } = input;
  const all = [
    ...input.sources.map((source, i) => source.value({ rows, read: reads[i], prices, market })),
    stocks(rows, prices, market),
  ];
  const outside = all.reduce((s, h) => s.plus(h.outside), new Money(0));
  return {
    holdings: [...all.map(({ outside: _, ...h }) => h), MARGIN],
    usdt_outside_accounts: wireValue(outside),
    priced_at: input.now,
  };
}
