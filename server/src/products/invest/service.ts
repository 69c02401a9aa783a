import {
  DUAL_OFFERED_TYPES,
  DUAL_SETTLE_CURRENCY_ID,
  dualAmount,
  dualProgress,
  type DualOrder,
  type DualProduct,
  type DualState,
} from '@contract/invest';
import type { Db } from '../../db/client';
import type { DualOrderRow, DualProductRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { fromUnits, toUnits } from '../../ledger/batch';
import { balanceOf, hold, userAccount, type Tx } from '../../ledger/index';
import { insertOrder, productById, takeShares } from './repo';
import { nameOfCurrency, pairOfCoin } from './terms';

/** The rules of dual invest without SQL: what the screens see and what a purchase does. */

const plain = (v: string): string => fromUnits(toUnits(v));
const plainOrNull = (v: string | null): string | null => (v === null ? null : plain(v));

export function productView(row: DualProductRow, now: number): DualProduct {
  const remaining = row.totalShares - row.soldShares;
  const ended = !row.enabled || row.saleEndsAt <= now;
  return {
    id: row.id,
    type: row.type,
    currency_id: row.currencyId,
    currency_name: nameOfCurrency(row.currencyId),
    settle_currency_id: DUAL_SETTLE_CURRENCY_ID,
    settle_currency_name: nameOfCurrency(DUAL_SETTLE_CURRENCY_ID),
    symbol: pairOfCoin(row.currencyId).symbol,
    price_per_share: plain(row.pricePerShare),
    apr: plain(row.apr),
    linked_price: plain(row.linkedPrice),
    holding_days: row.holdingDays,
    sale_ends_at: row.saleEndsAt,
    maturity_at: row.maturityAt,
    total_shares: row.totalShares,
    remaining_shares: remaining,
    progress: dualProgress(row.soldShares, row.totalShares),
    status: ended ? 'ended' : remaining <= 0 ? 'sold_out' : 'on_sale',
  };
}

/** `settling`: matured and waiting for the sweep. */
export const stateOf = (row: DualOrderRow, now: number): DualState =>
  row.status === 'purchased' ? (row.maturityAt <= now ? 'settling' : 'purchased') : row.status;

export function orderView(row: DualOrderRow, now: number): DualOrder {
  return {
    id: row.id,
    product_id: row.productId,
    type: row.type,
    currency_id: row.currencyId,
    currency_name: nameOfCurrency(row.currencyId),
    symbol: pairOfCoin(row.currencyId).symbol,
    num: row.shares,
    price_per_share: plain(row.pricePerShare),
    amount: plain(row.amount),
    apr: plain(row.apr),
    linked_price: plain(row.linkedPrice),
    holding_days: row.holdingDays,
    maturity_at: row.maturityAt,
    state: stateOf(row, now),
    settle_price: plainOrNull(row.settlePrice),
    settle_price_at: row.settlePriceAt,
    settle_source: row.settleSource,
    payout: plainOrNull(row.payout),
    payout_currency_id: row.payoutCurrencyId,
    payout_currency_name: row.payoutCurrencyId === null ? null : nameOfCurrency(row.payoutCurrencyId),
    created_at: row.createdAt.getTime(),
    settled_at: row.settledAt ? row.settledAt.getTime() : null,
  };
}

/** A product of an offered type, or `dual_product_not_found` (also for ids of another kind). */
export async function offeredProduct(db: Db | Tx, id: number): Promise<DualProductRow> {
  const row = await productById(db, id);
  if (!row || !DUAL_OFFERED_TYPES.includes(row.type)) throw new AppError('dual_product_not_found', { field: 'id' });
  return row;
}

/**
 * A purchase inside the request's transaction: the shares are taken by one conditional update
 * (never oversold), then shares x price per share of the coin is held in the user's exchange
 * account (`dual_buy`) and the order stored with the product's terms. A refusal rolls both back.
 */
export async function buy(
  tx: Tx,
  a: { userId: number; productId: number; shares: number; now: Date },
): Promise<DualOrder> {
  const product = await offeredProduct(tx, a.productId);
  const nowMs = a.now.getTime();
  if (!product.enabled || product.saleEndsAt <= nowMs) throw new AppError('dual_not_on_sale', { field: 'id' });
  const taken = await takeShares(tx, product.id, a.shares, a.now);
  if (!taken) {
    const fresh = (await productById(tx, product.id)) ?? product;
    if (!fresh.enabled || fresh.saleEndsAt <= nowMs) throw new AppError('dual_not_on_sale', { field: 'id' });
    throw new AppError('dual_shares_left', {
      field: 'num',
      values: { left: Math.max(0, fresh.totalShares - fresh.soldShares) },
    });
  }
  const amount = dualAmount(a.shares, plain(taken.pricePerShare));
  let held;
  try {
    held = await hold(tx, {
      account: userAccount(a.userId, taken.currencyId, 'change'),
      amount,
      kind: 'dual_buy',
      userId: a.userId,
      meta: { product_id: taken.id, shares: a.shares },
      at: a.now,
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.key !== 'insufficient_balance') throw err;
    const { available } = await balanceOf(tx, a.userId, taken.currencyId, 'change');
    throw new AppError('insufficient_dual_balance', {
      field: 'num',
      values: { needed: amount, available: plain(available), currency: nameOfCurrency(taken.currencyId) },
    });
  }
  const row = await insertOrder(tx, {
    userId: a.userId,
    productId: taken.id,
    type: taken.type,
    currencyId: taken.currencyId,
    pairId: taken.pairId,
    shares: a.shares,
    pricePerShare: taken.pricePerShare,
    amount,
    apr: taken.apr,
    linkedPrice: taken.linkedPrice,
    holdingDays: taken.holdingDays,
    maturityAt: taken.maturityAt,
    status: 'purchased',
    holdId: held.holdId,
    createdAt: a.now,
  });
  return orderView(row, nowMs);
}
