import { CATALOG, type Instrument } from '../market/catalog';
import { fromUnits, toUnits } from '../ledger/batch';

/**
 * A pair as the trading core counts it: the book works in integer ticks of price and lots of
 * quantity; the ledger in units of 10^-18. One tick is `tickUnits`, one lot `lotUnits`, and one
 * tick x lot of value (what a budget and a fill's value are counted in) `valueUnits`.
 */
export interface PairSpec {
  id: number;
  symbol: string;
  baseId: number;
  /** The currency the quote side settles in (USDT, also for stocks quoted in USD). */
  settleId: number;
  tickUnits: bigint;
  lotUnits: bigint;
  valueUnits: bigint;
  /** Fee per fill as units of 10^-18 per 1 (fee = amount x feeRate / 10^18). */
  feeRate: bigint;
}

const ONE = 10n ** 18n;

function specOf(i: Instrument): PairSpec {
  const tickUnits = toUnits(i.rules.tick_size);
  const lotUnits = toUnits(i.rules.lot_size);
  const valueUnits = (tickUnits * lotUnits) / ONE;
  if (valueUnits * ONE !== tickUnits * lotUnits || valueUnits === 0n) {
    throw new Error(`${i.symbol}: a tick x lot is not a whole ledger unit`);
  }
  return {
    id: i.id,
    symbol: i.symbol,
    baseId: i.base.id,
    settleId: i.rules.settle_id,
    tickUnits,
    lotUnits,
    valueUnits,
    feeRate: toUnits(i.rules.fee_rate),
  };
}

export const PAIRS: ReadonlyMap<number, PairSpec> = new Map(CATALOG.instruments.map((i) => [i.id, specOf(i)]));

/** Ticks, lots or tick x lot values as decimal strings. */
export const priceOf = (pair: PairSpec, ticks: number) => fromUnits(BigInt(ticks) * pair.tickUnits);
export const qtyOf = (pair: PairSpec, lots: number) => fromUnits(BigInt(lots) * pair.lotUnits);
export const valueOf = (pair: PairSpec, value: number) => fromUnits(BigInt(value) * pair.valueUnits);

/** A stored decimal back in whole ticks or lots (throws when the pair's step no longer divides it). */
export function stepsOf(decimal: string, stepUnits: bigint): number {
  const units = toUnits(decimal);
  if (units % stepUnits !== 0n) throw new Error(`${decimal} is not a whole number of steps`);
  return Number(units / stepUnits);
}

/** The fee on `units` received, rounded down to the ledger's scale. */
export const feeOn = (pair: PairSpec, units: bigint) => (pair.feeRate === 0n ? 0n : (units * pair.feeRate) / ONE);
