import type { MicroOrder, MicroType } from '@contract/seconds';
import { AppError } from '../../errors';
import { fromUnits, toUnits } from '../../ledger/batch';
import { CATALOG, type Instrument } from '../../market/catalog';
import type { RecordedPrice } from '../../market/price-history';
import type { MarketRuntime } from '../../market/runtime';
import type { MicroOrderRow } from '../../db/schema/index';
import { balanceOf, money, post, userAccount, type Tx } from '../../ledger/index';
import { escrowAccount, escrowShardOf } from './escrow';
import { secondsTerms, STAKE_CURRENCIES } from './terms';
import { insertMicroOrder, lockHouseSide, openStake } from './repo';

/** The rules of a new seconds contract, without SQL: what the request asks, checked. */

const currencyName = new Map(CATALOG.currencies.map((c) => [c.id, c.name]));
const instrumentById = new Map(CATALOG.instruments.map((i) => [i.id, i]));

export const nameOfCurrency = (id: number): string => currencyName.get(id) ?? String(id);
export const instrumentOfPair = (id: number): Instrument | undefined => instrumentById.get(id);

export interface SubmitInput {
  match_id: number;
  currency_id: number;
  type: MicroType;
  seconds: number;
  number: string;
}

export interface CheckedSubmit {
  inst: Instrument;
  currencyId: number;
  type: MicroType;
  seconds: number;
  /** The stake as the ledger stores it. */
  stake: string;
  ratio: string;
}

/** A pair seconds contracts are offered on (quoted by the feed and `open_microtrade`). */
export function microPair(market: MarketRuntime, pairId: number): Instrument {
  const inst = market.instruments().find((i) => i.id === pairId);
  if (!inst) throw new AppError('pair_not_found', { field: 'match_id' });
  if (!inst.openMicrotrade) throw new AppError('micro_pair_closed', { field: 'match_id' });
  return inst;
}

/** Checks what does not depend on the moment: pair, currency, duration and stake limits. */
export function checkSubmit(market: MarketRuntime, input: SubmitInput): CheckedSubmit {
  const inst = microPair(market, input.match_id);
  if (!STAKE_CURRENCIES.includes(input.currency_id)) {
    throw new AppError('currency_unsupported', { field: 'currency_id' });
  }
  const duration = secondsTerms.get().find((d) => d.seconds === input.seconds && d.status === 1);
  if (!duration) throw new AppError('micro_duration_unavailable', { field: 'seconds' });
  const stake = toUnits(input.number);
  if (stake < toUnits(duration.min_stake) || stake > toUnits(duration.max_stake)) {
    throw new AppError('micro_stake_range', {
      field: 'number',
      values: { min: duration.min_stake, max: duration.max_stake, currency: nameOfCurrency(input.currency_id) },
    });
  }
  return {
    inst,
    currencyId: input.currency_id,
    type: input.type,
    seconds: duration.seconds,
    stake: fromUnits(stake),
    ratio: duration.profit_ratio,
  };
}

/**
 * The entry price: the feed's last trade, refused when there is none or it is older than the
 * stale threshold (no live price, no contract).
 */
export function entryPrice(last: RecordedPrice | undefined, now: number, staleMs: number): RecordedPrice {
  if (!last || now - last.ts > staleMs) throw new AppError('micro_price_stale', { field: 'match_id' });
  return last;
}

/** Expiry: acceptance + duration, taken up to the next whole second (the price record's resolution). */
export const expiryOf = (acceptedAt: number, seconds: number): number =>
  Math.ceil((acceptedAt + seconds * 1000) / 1000) * 1000;

/** Refusal when an order would take the house's open stake of its pair and direction over the cap. */
export function checkHouseCap(open: string, stake: string, cap: string, inst: Instrument, currencyId: number): void {
  const left = toUnits(cap) - toUnits(open);
  if (toUnits(stake) <= left) return;
  throw new AppError('micro_house_cap', {
    field: 'number',
    values: {
      symbol: inst.symbol,
      available: fromUnits(left > 0n ? left : 0n),
      currency: nameOfCurrency(currencyId),
    },
  });
}

const plain = (v: string | null): string | null => (v === null ? null : fromUnits(toUnits(v)));

/** A stored order as the contract shows it; `remaining_ms` as of `now`. */
export function microOrderView(row: MicroOrderRow, now: number): MicroOrder {
  const inst = instrumentById.get(row.pairId);
  return {
    id: row.id,
    symbol: inst?.symbol ?? String(row.pairId),
    match_id: row.pairId,
    currency_id: row.currencyId,
    currency_name: nameOfCurrency(row.currencyId),
    type: row.type,
    seconds: row.seconds,
    number: plain(row.stake)!,
    profit_ratio: plain(row.profitRatio)!,
    open_price: plain(row.openPrice)!,
    open_price_at: row.openPriceAt,
    open_source: row.openSource,
    end_at: row.endAt,
    end_price: plain(row.endPrice),
    end_price_at: row.endPriceAt,
    end_source: row.endSource,
    status: row.status,
    result: row.result,
    profit: plain(row.profit),
    payout: plain(row.payout),
    remaining_ms: row.status === 'holding' ? Math.max(0, row.endAt - now) : 0,
    created_at: row.createdAt.getTime(),
    settled_at: row.settledAt ? row.settledAt.getTime() : null,
  };
}

export interface AcceptInput {
  userId: number;
  order: CheckedSubmit;
  /** Acceptance time (the idempotency key's). */
  now: Date;
  /** The feed's last trade of the pair, read at acceptance. */
  price: () => RecordedPrice | undefined;
  staleMs: number;
  houseCap: string;
}

/**
 * Accepts a checked order inside the request's transaction: the entry price is the feed's last
 * trade now (refused when stale), the house's open stake of the pair and direction is checked
 * against the cap under a lock, the stake moves from the micro account to the escrow on the user's
 * shard (`micro_stake`, `seconds/escrow.ts`) and the order is stored with its ratio, entry price
 * and expiry.
 */
export async function acceptOrder(tx: Tx, a: AcceptInput): Promise<MicroOrder> {
  const { order, userId } = a;
  const accepted = a.now.getTime();
  const price = entryPrice(a.price(), accepted, a.staleMs);
  await lockHouseSide(tx, order.inst.id, order.type);
  checkHouseCap(await openStake(tx, order.inst.id, order.type), order.stake, a.houseCap, order.inst, order.currencyId);
  try {
    await post(tx, {
      entries: [
        { account: userAccount(userId, order.currencyId, 'micro'), amount: money(order.stake).neg() },
        { account: escrowAccount(order.currencyId, escrowShardOf(userId)), amount: order.stake },
      ],
      kind: 'micro_stake',
      userId,
      meta: { pair_id: order.inst.id, type: order.type, seconds: order.seconds },
      at: a.now,
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.key !== 'insufficient_balance') throw err;
    const { available } = await balanceOf(tx, userId, order.currencyId, 'micro');
    throw new AppError('insufficient_micro_balance', {
      field: 'number',
      values: { available, currency: nameOfCurrency(order.currencyId) },
    });
  }
  const row = await insertMicroOrder(tx, {
    userId,
    pairId: order.inst.id,
    currencyId: order.currencyId,
    type: order.type,
    seconds: order.seconds,
    stake: order.stake,
    profitRatio: order.ratio,
    openPrice: price.price,
    openPriceAt: price.ts,
    openSource: price.source,
    endAt: expiryOf(accepted, order.seconds),
    status: 'holding',
    holdId: null,
    createdAt: a.now,
  });
  return microOrderView(row, accepted);
}
