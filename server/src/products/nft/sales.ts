import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import { CATALOG } from '../../market/catalog';
import {
  nftArtworks,
  nftBids,
  nftMargins,
  nftOrders,
  nftSales,
  type NftArtworkRow,
  type NftOrderRow,
  type NftSaleRow,
} from '../../db/schema/index';
import {
  hold,
  Money,
  postHold,
  systemAccount,
  toWire,
  userAccount,
  type AccountRef,
  type Tx,
} from '../../ledger/index';
import { amountDue, endAfterBid, isLive, minBid } from './rules';
import { tell, type Telling } from './tell';

/**
 * Buying, margins, bids and payment. Each runs in the caller's transaction (an idempotent
 * request's) and locks the sale row first, so concurrent buyers and bidders of one artwork queue
 * on it and each sees the state the previous one committed.
 */

const currencyName = new Map(CATALOG.currencies.map((c) => [c.id, c.name]));
export const nameOfCurrency = (id: number) => currencyName.get(id) ?? String(id);

/** Where a sale's proceeds go: the seller's change account, or the house for the catalogue's own. */
const sellerAccount = (sale: NftSaleRow): AccountRef =>
  sale.sellerId === null
    ? systemAccount('house', sale.currencyId)
    : userAccount(sale.sellerId, sale.currencyId, 'change');

const buyerAccount = (userId: number, sale: NftSaleRow) => userAccount(userId, sale.currencyId, 'change');

export async function artworkForUpdate(tx: Tx, artworkId: number): Promise<NftArtworkRow> {
  const [row] = await tx.select().from(nftArtworks).where(eq(nftArtworks.id, artworkId)).for('update');
  if (!row) throw new AppError('nft_not_found', { field: 'id' });
  return row;
}

async function saleForUpdate(tx: Tx, saleId: number | null): Promise<NftSaleRow | null> {
  if (saleId === null) return null;
  const [row] = await tx.select().from(nftSales).where(eq(nftSales.id, saleId)).for('update');
  return row ?? null;
}

/**
 * Locks an artwork's current sale, then the artwork: every writer takes a sale before its
 * artwork (the end sweep does too), so a bid at the end and the sweep cannot deadlock. A new sale
 * listed between the read and the locks is noticed and the locks are taken again.
 */
export async function lockSaleAndArtwork(tx: Tx, artworkId: number) {
  for (;;) {
    const [seen] = await tx
      .select({ saleId: nftArtworks.saleId })
      .from(nftArtworks)
      .where(eq(nftArtworks.id, artworkId));
    if (!seen) throw new AppError('nft_not_found', { field: 'id' });
    const sale = await saleForUpdate(tx, seen.saleId);
    const artwork = await artworkForUpdate(tx, artworkId);
    if (artwork.saleId === seen.saleId) return { artwork, sale };
  }
}

/** The artwork and its sale, locked, checked to take a buy or bid from `userId` at `now`. */
async function liveSale(tx: Tx, artworkId: number, userId: number, now: Date) {
  const { artwork, sale } = await lockSaleAndArtwork(tx, artworkId);
  if (!sale) throw new AppError('nft_not_on_sale');
  if (sale.status === 'sold' || sale.status === 'awaiting_payment' || sale.status === 'paid') {
    throw new AppError('nft_sold');
  }
  if (sale.status !== 'open' || !isLive(sale.startAt, sale.endAt, now)) throw new AppError('nft_not_on_sale');
  if (artwork.ownerId === userId || sale.sellerId === userId) throw new AppError('nft_own_artwork');
  return { artwork, sale };
}

const reason = (what: string, sale: NftSaleRow) => ({
  reason: what,
  meta: { saleId: sale.id, artworkId: sale.artworkId },
});

/**
 * Buys a fixed-price artwork or blind box: the price is held and posted to the seller in this
 * transaction, the artwork moves to the buyer and the sale is `sold` (conditional on `open`).
 */
export async function buy(tx: Tx, input: { userId: number; artworkId: number; now: Date }): Promise<NftOrderRow> {
  const { userId, now } = input;
  const { artwork, sale } = await liveSale(tx, input.artworkId, userId, now);
  if (sale.payType === 2) throw new AppError('nft_not_fixed_price');
  const held = await hold(tx, {
    account: buyerAccount(userId, sale),
    amount: sale.price,
    userId,
    ...reason('nft_buy', sale),
  });
  await postHold(tx, held.holdId, {
    to: [{ account: sellerAccount(sale), amount: sale.price }],
    ...reason('nft_buy', sale),
  });
  const done = await tx
    .update(nftSales)
    .set({ status: 'sold', endedAt: now })
    .where(and(eq(nftSales.id, sale.id), eq(nftSales.status, 'open')))
    .returning({ id: nftSales.id });
  if (done.length !== 1) throw new AppError('nft_sold');
  await tx.update(nftArtworks).set({ ownerId: userId, listingState: 'normal' }).where(eq(nftArtworks.id, artwork.id));
  const [order] = await tx
    .insert(nftOrders)
    .values({
      saleId: sale.id,
      artworkId: artwork.id,
      buyerId: userId,
      sellerId: sale.sellerId,
      payType: sale.payType,
      currencyId: sale.currencyId,
      price: sale.price,
      margin: '0',
      amountDue: '0',
      status: 'paid',
      paidAt: now,
      createdAt: now,
    })
    .returning();
  const bought: Telling = { userId, kind: 'bought', artworkId: artwork.id, orderId: order!.id, price: sale.price };
  const sold: Telling[] =
    sale.sellerId === null
      ? []
      : [{ userId: sale.sellerId, kind: 'sold', artworkId: artwork.id, orderId: order!.id, price: sale.price }];
  await tell(tx, [bought, ...sold], now);
  return order!;
}

/**
 * Holds the sale's margin for `userId` once (a second call on the same sale holds nothing more);
 * a bidder who cannot cover it is refused before the bid counts. An auction without a margin takes
 * no bids: a bid would cost nothing (the database refuses to open one, see `nft_sales`).
 */
async function ensureMargin(tx: Tx, sale: NftSaleRow, userId: number, now: Date): Promise<void> {
  if (!new Money(sale.margin).gt(0)) throw new AppError('nft_not_on_sale');
  const [existing] = await tx
    .select({ id: nftMargins.id })
    .from(nftMargins)
    .where(and(eq(nftMargins.saleId, sale.id), eq(nftMargins.userId, userId)));
  if (existing) return;
  const held = await hold(tx, {
    account: buyerAccount(userId, sale),
    amount: sale.margin,
    userId,
    ...reason('nft_margin', sale),
  });
  await tx.insert(nftMargins).values({
    saleId: sale.id,
    userId,
    holdId: held.holdId,
    amount: sale.margin,
    status: 'held',
    createdAt: now,
  });
}

/** Holds the margin of an auction ahead of the first bid. */
export async function payMargin(tx: Tx, input: { userId: number; artworkId: number; now: Date }): Promise<void> {
  const { sale } = await liveSale(tx, input.artworkId, input.userId, input.now);
  if (sale.payType !== 2) throw new AppError('nft_not_auction');
  await ensureMargin(tx, sale, input.userId, input.now);
}

/**
 * One bid: at least the starting price, then at least the current bid plus the increment; the
 * bidder's margin is held on their first bid; a bid in the last 5 minutes moves the end 5 minutes
 * later; the bidder it displaces is told.
 */
export async function bid(
  tx: Tx,
  input: { userId: number; artworkId: number; price: string; now: Date },
): Promise<void> {
  const { userId, now } = input;
  const { artwork, sale } = await liveSale(tx, input.artworkId, userId, now);
  if (sale.payType !== 2) throw new AppError('nft_not_auction');
  const least = minBid(sale);
  const price = new Money(input.price);
  if (price.lt(least)) {
    throw new AppError('nft_bid_too_low', {
      field: 'price',
      values: { min: toWire(least), currency: nameOfCurrency(sale.currencyId) },
    });
  }
  await ensureMargin(tx, sale, userId, now);
  await tx.insert(nftBids).values({ saleId: sale.id, userId, price: toWire(price), createdAt: now });
  await tx
    .update(nftSales)
    .set({
      topBid: toWire(price),
      topBidderId: userId,
      bidCount: sql`${nftSales.bidCount} + 1`,
      endAt: new Date(endAfterBid(sale.endAt.getTime(), now.getTime())),
    })
    .where(eq(nftSales.id, sale.id));
  const previous = sale.topBidderId;
  // The bidder's receipt, in the same transaction as the bid: in the messages exactly when it counts.
  await tell(tx, [{ userId, kind: 'bid', artworkId: artwork.id, price: toWire(price) }], now);
  if (previous !== null && previous !== userId) {
    const outbid: Telling = {
      userId: previous,
      kind: 'outbid',
      artworkId: artwork.id,
      price: toWire(price),
      push: {
        type: 'auction.outbid',
        artwork_id: artwork.id,
        name: artwork.name,
        price: toWire(price),
        currency: nameOfCurrency(sale.currencyId),
      },
    };
    await tell(tx, [outbid], now);
  }
}

/**
 * Pays a won auction: the margin hold and a hold of the rest are posted to the seller, the
 * artwork moves to the buyer. Another user's order answers like a missing one.
 */
export async function payOrder(tx: Tx, input: { userId: number; orderId: number; now: Date }): Promise<NftOrderRow> {
  const { userId, now } = input;
  const [order] = await tx
    .select()
    .from(nftOrders)
    .where(and(eq(nftOrders.id, input.orderId), eq(nftOrders.buyerId, userId)))
    .for('update');
  if (!order) throw new AppError('nft_order_not_found', { field: 'id' });
  if (order.status !== 'awaiting_payment' || (order.dueAt && now.getTime() >= order.dueAt.getTime())) {
    throw new AppError('nft_order_not_payable');
  }
  const sale = (await saleForUpdate(tx, order.saleId))!;
  const to = sellerAccount(sale);
  const [margin] = await tx
    .select()
    .from(nftMargins)
    .where(and(eq(nftMargins.saleId, sale.id), eq(nftMargins.userId, userId), eq(nftMargins.status, 'held')));
  const price = new Money(order.price);
  if (margin) {
    // A margin above the price (a low starting price) pays the price and returns the rest.
    const toSeller = Money.min(price, margin.amount);
    const back = new Money(margin.amount).minus(toSeller);
    await postHold(tx, margin.holdId, {
      to: [
        { account: to, amount: toSeller },
        { account: buyerAccount(userId, sale), amount: back },
      ],
      userId,
      ...reason('nft_pay_margin', sale),
    });
    await tx.update(nftMargins).set({ status: 'applied' }).where(eq(nftMargins.id, margin.id));
  }
  const rest = margin ? amountDue(order.price, margin.amount) : price;
  if (!rest.isZero()) {
    const held = await hold(tx, {
      account: buyerAccount(userId, sale),
      amount: rest,
      userId,
      ...reason('nft_pay', sale),
    });
    await postHold(tx, held.holdId, { to: [{ account: to, amount: rest }], userId, ...reason('nft_pay', sale) });
  }
  const [paid] = await tx
    .update(nftOrders)
    .set({ status: 'paid', paidAt: now })
    .where(and(eq(nftOrders.id, order.id), eq(nftOrders.status, 'awaiting_payment')))
    .returning();
  await tx.update(nftSales).set({ status: 'paid' }).where(eq(nftSales.id, sale.id));
  await tx
    .update(nftArtworks)
    .set({ ownerId: userId, listingState: 'normal' })
    .where(eq(nftArtworks.id, order.artworkId));
  if (sale.sellerId !== null) {
    await tell(
      tx,
      [{ userId: sale.sellerId, kind: 'sold', artworkId: order.artworkId, orderId: order.id, price: order.price }],
      now,
    );
  }
  await tell(tx, [{ userId, kind: 'paid', artworkId: order.artworkId, orderId: order.id, price: order.price }], now);
  return paid!;
}
