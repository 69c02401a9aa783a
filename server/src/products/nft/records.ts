import { settlementRef } from '@contract/record';
import { PAYMENT_WINDOW_MS, type BlindBoxContent } from '@contract/nft';
import type { NftArtworkRow, NftBidRow, NftBoxRow, NftOrderRow, NftSaleRow } from '../../db/schema/index';
import { toWire } from '../../ledger/index';
import type { RecordInput } from '../../settlement-record/index';
import { partyHash } from '../../settlement-record/index';
import { amountDue } from './rules';
import { nameOfCurrency } from './sales';

/**
 * The public record of the marketplace's outcomes (`contract/domain/settlement-outcomes.ts`
 * recomputes each from its fields alone).
 *
 * An auction's end (ref `nft_auction:<sale id>`): the sale's terms, every bid in order (bidder
 * hashed with the sale, `partyHash(user, sale)`, so a bidder's bids share one value within the
 * sale and none across sales), and the outcome: no sale without bids, else the last bid wins at its
 * price, less the margin the winner holds, due within the payment window from the later of the end
 * and its processing. The marketplace takes no fee or royalty: the seller (hashed the same way; null
 * for the platform's own catalogue, whose proceeds go to the house) receives the whole price when
 * the winner pays.
 */
export function auctionRecord(
  sale: NftSaleRow,
  code: string,
  bids: readonly NftBidRow[],
  winnerMargin: string | null,
  at: Date,
): RecordInput {
  const last = bids[bids.length - 1];
  const price = last ? toWire(last.price) : null;
  const end = sale.endAt.getTime();
  return {
    kind: 'nft_auction',
    pair: null,
    at: at.getTime(),
    ref: settlementRef.nftAuction(sale.id),
    data: {
      sale_id: sale.id,
      artwork_id: sale.artworkId,
      artwork: code,
      currency: nameOfCurrency(sale.currencyId),
      seller: sale.sellerId === null ? null : partyHash(sale.sellerId, sale.id),
      start_price: toWire(sale.price),
      per_increase: toWire(sale.perIncrease),
      margin: toWire(sale.margin),
      start_at: sale.startAt.getTime(),
      end_at: end,
      bids: bids.map((b) => ({
        bidder: partyHash(b.userId, sale.id),
        price: toWire(b.price),
        at: b.createdAt.getTime(),
      })),
      bid_count: bids.length,
      result: last ? 'sold' : 'no_sale',
      winner: last ? partyHash(last.userId, sale.id) : null,
      price,
      winner_margin: last ? toWire(winnerMargin ?? '0') : null,
      amount_due: last ? toWire(amountDue(last.price, winnerMargin ?? '0')) : null,
      payment_window_ms: PAYMENT_WINDOW_MS,
      payment_due_at: last ? Math.max(end, at.getTime()) + PAYMENT_WINDOW_MS : null,
      fee: '0',
      royalty: '0',
      seller_receives: price,
    },
  };
}

/**
 * A blind box opened (ref `nft_blind_box:<artwork id>`): the commitment published with the box
 * before any sale, and the salt and content it sealed, so anyone recomputes the commitment as
 * sha256 of `canonicalBoxText(box, content, salt)`. The content was drawn with the series' odds
 * when the box was made (`sealed_at`); opening decides nothing, it reveals. The opener is hashed
 * with the artwork.
 */
export function boxRecord(
  artwork: Pick<NftArtworkRow, 'id' | 'code' | 'createdAt'>,
  box: NftBoxRow,
  content: BlindBoxContent,
  userId: number,
  at: Date,
): RecordInput {
  return {
    kind: 'nft_blind_box',
    pair: null,
    at: at.getTime(),
    ref: settlementRef.nftBlindBox(artwork.id),
    data: {
      artwork_id: artwork.id,
      box: artwork.code,
      owner: partyHash(userId, artwork.id),
      sealed_at: artwork.createdAt.getTime(),
      commitment: box.commitment,
      salt: box.salt,
      content: { ...content },
    },
  };
}

/**
 * A won auction not paid by its deadline (ref `nft_auction:<sale id>`, after the auction's end
 * under the same ref): the winner (hashed with the sale, as in the end's record), the price, the
 * margin they held, what was due and by when, and the outcome: the margin forfeited to the house
 * (`"0"` when none was held), the sale expired, the artwork back to its seller (relisted) or to the
 * platform's catalogue. `at` is when the sweep found it due, never before the deadline.
 */
export function forfeitRecord(order: NftOrderRow, margin: string | null, at: Date): RecordInput {
  return {
    kind: 'nft_forfeit',
    pair: null,
    at: at.getTime(),
    ref: settlementRef.nftAuction(order.saleId),
    data: {
      sale_id: order.saleId,
      order_id: order.id,
      artwork_id: order.artworkId,
      currency: nameOfCurrency(order.currencyId),
      winner: partyHash(order.buyerId, order.saleId),
      seller: order.sellerId === null ? null : partyHash(order.sellerId, order.saleId),
      price: toWire(order.price),
      margin_held: margin === null ? null : toWire(margin),
      amount_due: toWire(order.amountDue),
      payment_due_at: order.dueAt?.getTime() ?? null,
      paid: false,
      forfeited: toWire(margin ?? '0'),
      forfeited_to: 'house',
      artwork_relisted: order.sellerId !== null,
    },
  };
}
