import { CURRENCY_IDS } from '@contract/domain/instruments';
import { DAY_MS } from '@contract/invest';
import { CATALOG } from '../../market/catalog';

/** The coins dual invest products exist for: each settles on its `<coin>/USDT` pair's price record. */
export const DUAL_COINS: readonly number[] = [CURRENCY_IDS.BTC, CURRENCY_IDS.ETH];

const currencyName = new Map(CATALOG.currencies.map((c) => [c.id, c.name]));
export const nameOfCurrency = (id: number): string => currencyName.get(id) ?? String(id);

/** The `<coin>/USDT` pair of a dual coin. */
export function pairOfCoin(currencyId: number): { id: number; symbol: string } {
  const symbol = `${nameOfCurrency(currencyId)}/USDT`;
  const inst = CATALOG.instruments.find((i) => i.symbol === symbol);
  if (!inst) throw new Error(`no pair ${symbol}`);
  return { id: inst.id, symbol };
}

/**
 * Maturity: sale end + holding days. The sale end is taken up to a whole second, the price
 * record's resolution, so "the recorded price at maturity" is exactly one row.
 */
export const wholeSecond = (ms: number): number => Math.ceil(ms / 1000) * 1000;
export const maturityOf = (saleEndsAt: number, days: number): number => wholeSecond(saleEndsAt) + days * DAY_MS;

/** Orders settled per sweep transaction; more wait for the next minute. */
export const SETTLE_BATCH = 500;
