/**
 * What a product holds for a user beside the four accounts, valued for the assets overview
 * (`/wallet/holdings`). Each product describes its own holding as a `HoldingSource`; the wallet
 * collects the sources the composition root hands it, so it imports no product.
 */
import type { Holding, HoldingPart, HoldingPartKey, HoldingProduct } from '@contract/wallet';
import type { Db } from '../db/client';
import { CATALOG } from './catalog';
import type { PriceSource } from './prices';
import type { MarketRuntime } from './runtime';
import { Money, toWire } from '../ledger/money';
import type { BalanceRow } from '../ledger/queries';

/** Decimals of a USDT valuation, as `/wallet/list` values a balance. */
export const VALUE_DP = 8;
const nameOf = new Map(CATALOG.currencies.map((c) => [c.id, c.name]));

export interface Priced {
  part: HoldingPart;
  /** What `/wallet/list` counts of this part (a held balance valued at the wallet's price). */
  counted: Money;
}

/** A product's holding, with the part of its value that no account counts. */
export type ValuedHolding = Holding & { outside: Money };

export interface HoldingInput<R> {
  /** The user's balance rows (the wallet's cached list). */
  rows: readonly BalanceRow[];
  /** What the source's `read` returned. */
  read: R;
  prices: PriceSource;
  market: MarketRuntime;
}

export interface HoldingSource<R = unknown> {
  /** One query scoped to the user (run beside the other products' reads). */
  read(db: Db, userId: number): PromiseLike<R>;
  value(input: HoldingInput<R>): ValuedHolding;
}

export const wireValue = (m: Money) => toWire(m.toDecimalPlaces(VALUE_DP));

export const usdtPriceOf = (prices: PriceSource, currencyId: number) => prices.usdtPrice(currencyId)?.price ?? null;

/** A part valued at `price` (USDT per unit; null: no price); `inAccounts` when an account holds it. */
export function part(
  key: HoldingPartKey,
  currencyId: number,
  amount: Money,
  price: string | null,
  inAccounts: boolean,
): Priced {
  const value = price === null ? null : amount.times(price).toDecimalPlaces(VALUE_DP);
  return {
    part: {
      key,
      currency_name: nameOf.get(currencyId) ?? String(currencyId),
      amount: toWire(amount),
      usdt_value: value === null ? null : toWire(value),
    },
    counted: inAccounts && value !== null ? value : new Money(0),
  };
}

export function holding(key: HoldingProduct, used: boolean, parts: Priced[]): ValuedHolding {
  let value = new Money(0);
  let counted = new Money(0);
  for (const p of parts) {
    if (p.part.usdt_value !== null) value = value.plus(p.part.usdt_value);
    counted = counted.plus(p.counted);
  }
  return {
    key,
    offered: true,
    used,
    usdt_value: wireValue(value),
    in_accounts: wireValue(counted),
    parts: parts.map((p) => p.part),
    outside: value.minus(counted),
  };
}
