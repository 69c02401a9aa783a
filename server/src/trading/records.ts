import { settlementRef } from '@contract/record';
import type { RecordInput } from '../settlement-record/index';
import { partyHash } from '../settlement-record/index';
import { fromUnits } from '../ledger/batch';
import { PAIRS, priceOf, qtyOf, valueOf } from './pairs';
import type { BatchWork } from './work';

/**
 * The settlement record of a batch's fills, one per trade: price, quantity and value at the
 * resting order's price, both orders with their sides' hashed owners, and the fees.
 */
export function fillRecords(work: BatchWork): RecordInput[] {
  return work.trades.map((t) => {
    const pair = PAIRS.get(t.pairId)!;
    const buyerIsTaker = t.takerSide === 'buy';
    return {
      kind: 'spot_fill',
      pair: pair.symbol,
      at: t.createdAt.getTime(),
      ref: settlementRef.spotTrade(t.id),
      data: {
        trade_id: t.id,
        book_seq: t.seq,
        price: priceOf(pair, t.price),
        qty: qtyOf(pair, t.qty),
        value: valueOf(pair, t.price * t.qty),
        taker_side: t.takerSide,
        taker_order: t.takerOrderId,
        maker_order: t.makerOrderId,
        buyer: partyHash(buyerIsTaker ? t.takerOwner : t.makerOwner, buyerIsTaker ? t.takerOrderId : t.makerOrderId),
        seller: partyHash(buyerIsTaker ? t.makerOwner : t.takerOwner, buyerIsTaker ? t.makerOrderId : t.takerOrderId),
        taker_fee: fromUnits(t.takerFee),
        maker_fee: fromUnits(t.makerFee),
      },
    };
  });
}
