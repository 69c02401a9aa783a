import { settlementRef } from '@contract/record';
import { DUAL_PRICE_MAX_AGE_MS, DUAL_SETTLE_CURRENCY_ID } from '@contract/invest';
import type { DualOrderRow } from '../../db/schema/index';
import { toWire } from '../../ledger/index';
import type { RecordedPrice } from '../../market/price-history';
import type { AppendInput } from '../../settlement-record/index';
import { partyHash } from '../../settlement-record/index';
import { nameOfCurrency, pairOfCoin } from './terms';

/**
 * The public record of a dual invest settlement (ref `dual_invest:<order id>`, one record per
 * order; `contract/domain/settlement-outcomes.ts` recomputes it from its fields alone): the order's
 * terms (direction, shares, price per share, APR, linked price, holding days, maturity), the
 * price record's last trade at or before maturity with its feed time and source (null: none was
 * recorded) and the age limit it had to meet, and the outcome: `failed` (no trade within the limit:
 * the principal back in the coin) or `completed`, paid in the coin below the linked price and in
 * USDT at or above it (`dualSettlement`, rounded down to 8 decimals). The trade read is kept with
 * the record (`settlement_ticks`).
 */
export function dualRecord(
  order: DualOrderRow,
  price: RecordedPrice | undefined,
  outcome: { status: 'completed' | 'failed'; payout: string; payoutCurrencyId: number },
  at: Date,
): AppendInput {
  const pair = pairOfCoin(order.currencyId).symbol;
  return {
    kind: 'dual_invest',
    pair,
    at: at.getTime(),
    ref: settlementRef.dualInvest(order.id),
    data: {
      order_id: order.id,
      owner: partyHash(order.userId, order.id),
      product_id: order.productId,
      direction: order.type,
      currency: nameOfCurrency(order.currencyId),
      settle_currency: nameOfCurrency(DUAL_SETTLE_CURRENCY_ID),
      shares: order.shares,
      price_per_share: toWire(order.pricePerShare),
      amount: toWire(order.amount),
      apr: toWire(order.apr),
      linked_price: toWire(order.linkedPrice),
      holding_days: order.holdingDays,
      maturity_at: order.maturityAt,
      max_age_ms: DUAL_PRICE_MAX_AGE_MS,
      settle_price: price ? toWire(price.price) : null,
      settle_price_at: price ? price.ts : null,
      settle_source: price ? price.source : null,
      result: outcome.status,
      paid_currency: nameOfCurrency(outcome.payoutCurrencyId),
      payout: toWire(outcome.payout),
    },
    ticks: price ? [{ pair, ts: price.ts, price: toWire(price.price), source: price.source }] : [],
  };
}
