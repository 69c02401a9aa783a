import { and, asc, eq, gt, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import { AUCTION_ENDING_NOTICE_MS, PAYMENT_DUE_NOTICE_MS, PAYMENT_WINDOW_MS } from '@contract/nft';
import { nftArtworks, nftBids, nftMargins, nftOrders, nftSales, type NftSaleRow } from '../../db/schema/index';
import { postHold, releaseHold, systemAccount, toWire, type Tx } from '../../ledger/index';
import type { Job } from '../../scheduler/index';
import { appendRecords, type RecordInput } from '../../settlement-record/index';
import { auctionRecord, forfeitRecord } from './records';
import { amountDue } from './rules';
import { relistUnsoldCatalogue } from './relist';
import { nameOfCurrency } from './sales';
import { tell, type Telling } from './tell';

/**
 * The end of sales and of payment windows, found by a sweep each minute (scheduler job
 * `nft.sweep`, catch-up `latest`: everything due by the period's end, however long the server was
 * down). Each item is taken `FOR UPDATE SKIP LOCKED` (a bid holding a sale's lock finishes first,
 * and the sale is taken by a later pass if its end moved) and moved by a conditional update of its
 * status, so two sweeps, in one process or two, change it once.
 */

export const NFT_SWEEP_JOB = 'nft.sweep';
const BATCH = 100;

const artworkName = async (tx: Tx, artworkId: number) => {
  const [a] = await tx.select({ name: nftArtworks.name }).from(nftArtworks).where(eq(nftArtworks.id, artworkId));
  return a?.name ?? '';
};

/** Releases the margins still held on a sale, except the winner's. */
async function releaseMargins(tx: Tx, sale: NftSaleRow, exceptUserId: number | null, at: Date) {
  const held = await tx
    .select()
    .from(nftMargins)
    .where(
      and(
        eq(nftMargins.saleId, sale.id),
        eq(nftMargins.status, 'held'),
        exceptUserId === null ? undefined : ne(nftMargins.userId, exceptUserId),
      ),
    )
    .orderBy(asc(nftMargins.id));
  for (const m of held) {
    await releaseHold(tx, m.holdId, {
      userId: m.userId,
      reason: 'nft_margin_release',
      meta: { saleId: sale.id, artworkId: sale.artworkId },
      at,
    });
  }
  if (held.length > 0) {
    await tx
      .update(nftMargins)
      .set({ status: 'released' })
      .where(
        inArray(
          nftMargins.id,
          held.map((m) => m.id),
        ),
      );
  }
}

/**
 * Ends one sale whose end has passed: a winner with 24 hours to pay, or unsold. An auction's end
 * is returned as its public record (null when another sweep ended it, or for a fixed-price sale).
 */
async function endSale(tx: Tx, sale: NftSaleRow, at: Date): Promise<RecordInput | null> {
  const winner = sale.payType === 2 ? sale.topBidderId : null;
  const status = winner === null ? 'unsold' : 'awaiting_payment';
  const moved = await tx
    .update(nftSales)
    .set({ status, endedAt: at })
    .where(and(eq(nftSales.id, sale.id), eq(nftSales.status, 'open')))
    .returning({ id: nftSales.id });
  if (moved.length !== 1) return null;
  await releaseMargins(tx, sale, winner, at);
  if (winner === null) {
    if (sale.sellerId !== null) {
      await tx.update(nftArtworks).set({ listingState: 'relisted' }).where(eq(nftArtworks.id, sale.artworkId));
    }
    return sale.payType === 2 ? auctionEnd(tx, sale, null, at) : null;
  }
  const price = sale.topBid!;
  // What the winner really holds toward the price (a bid placed before margins were required
  // holds nothing, and then the whole price is due).
  const [held] = await tx
    .select({ amount: nftMargins.amount })
    .from(nftMargins)
    .where(and(eq(nftMargins.saleId, sale.id), eq(nftMargins.userId, winner), eq(nftMargins.status, 'held')));
  const margin = held?.amount ?? '0';
  const due = amountDue(price, margin);
  // 24 hours from when the end was processed (within a minute of it; later only after downtime,
  // which must not eat into the winner's time to pay).
  const dueAt = new Date(Math.max(sale.endAt.getTime(), at.getTime()) + PAYMENT_WINDOW_MS);
  const [order] = await tx
    .insert(nftOrders)
    .values({
      saleId: sale.id,
      artworkId: sale.artworkId,
      buyerId: winner,
      sellerId: sale.sellerId,
      payType: sale.payType,
      currencyId: sale.currencyId,
      price,
      margin,
      amountDue: toWire(due),
      status: 'awaiting_payment',
      dueAt,
      createdAt: at,
    })
    .returning({ id: nftOrders.id });
  const name = await artworkName(tx, sale.artworkId);
  await tell(
    tx,
    [
      {
        userId: winner,
        kind: 'won',
        artworkId: sale.artworkId,
        orderId: order!.id,
        price: toWire(due),
        push: {
          type: 'auction.won',
          artwork_id: sale.artworkId,
          order_id: order!.id,
          name,
          price: toWire(price),
          currency: nameOfCurrency(sale.currencyId),
        },
      },
    ],
    at,
  );
  return auctionEnd(tx, sale, margin, at);
}

/** The record of an auction's end: its bids in order, read under the sale's lock. */
async function auctionEnd(tx: Tx, sale: NftSaleRow, winnerMargin: string | null, at: Date): Promise<RecordInput> {
  const bids = await tx.select().from(nftBids).where(eq(nftBids.saleId, sale.id)).orderBy(asc(nftBids.id));
  const [artwork] = await tx
    .select({ code: nftArtworks.code })
    .from(nftArtworks)
    .where(eq(nftArtworks.id, sale.artworkId));
  return auctionRecord(sale, artwork?.code ?? '', bids, winnerMargin, at);
}

/** Tells everyone holding a margin on an auction ending within 10 minutes, once per sale. */
async function noticeEnding(tx: Tx, at: Date): Promise<void> {
  const soon = await tx
    .select()
    .from(nftSales)
    .where(
      and(
        eq(nftSales.status, 'open'),
        eq(nftSales.payType, 2),
        eq(nftSales.endingNotified, false),
        gt(nftSales.endAt, at),
        lte(nftSales.endAt, new Date(at.getTime() + AUCTION_ENDING_NOTICE_MS)),
        lte(nftSales.startAt, at),
      ),
    )
    .orderBy(asc(nftSales.endAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  for (const sale of soon) {
    const marked = await tx
      .update(nftSales)
      .set({ endingNotified: true })
      .where(and(eq(nftSales.id, sale.id), eq(nftSales.endingNotified, false)))
      .returning({ id: nftSales.id });
    if (marked.length !== 1) continue;
    const bidders = await tx
      .select({ userId: nftMargins.userId })
      .from(nftMargins)
      .where(and(eq(nftMargins.saleId, sale.id), eq(nftMargins.status, 'held')));
    const name = await artworkName(tx, sale.artworkId);
    await tell(
      tx,
      bidders.map((b): Telling => ({
        userId: b.userId,
        kind: 'ending_soon',
        artworkId: sale.artworkId,
        price: sale.topBid,
        push: { type: 'auction.ending_10m', artwork_id: sale.artworkId, name },
      })),
      at,
    );
  }
}

/**
 * Ends every sale due by `at`; the auctions' ends are appended to the public record as the last
 * step, in this transaction, so an end and its record commit together.
 */
export async function endDue(tx: Tx, at: Date): Promise<number> {
  let done = 0;
  const records: RecordInput[] = [];
  for (;;) {
    const due = await tx
      .select()
      .from(nftSales)
      .where(and(eq(nftSales.status, 'open'), lte(nftSales.endAt, at)))
      .orderBy(asc(nftSales.endAt), asc(nftSales.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const sale of due) {
      const record = await endSale(tx, sale, at);
      if (record) records.push(record);
    }
    done += due.length;
    if (due.length < BATCH) break;
  }
  await appendRecords(tx, records);
  return done;
}

/** Reminds winners an hour before their payment window closes, once per order. */
async function noticeDue(tx: Tx, at: Date): Promise<void> {
  const soon = await tx
    .update(nftOrders)
    .set({ dueNotified: true })
    .where(
      and(
        eq(nftOrders.status, 'awaiting_payment'),
        eq(nftOrders.dueNotified, false),
        isNotNull(nftOrders.dueAt),
        gt(nftOrders.dueAt, at),
        lte(nftOrders.dueAt, new Date(at.getTime() + PAYMENT_DUE_NOTICE_MS)),
      ),
    )
    .returning();
  const items: Telling[] = [];
  for (const o of soon) {
    items.push({
      userId: o.buyerId,
      kind: 'payment_due',
      artworkId: o.artworkId,
      orderId: o.id,
      price: o.amountDue,
      push: {
        type: 'auction.payment_due_1h',
        artwork_id: o.artworkId,
        order_id: o.id,
        name: await artworkName(tx, o.artworkId),
        amount: toWire(o.amountDue),
        currency: nameOfCurrency(o.currencyId),
      },
    });
  }
  await tell(tx, items, at);
}

/**
 * Won auctions not paid within 24 hours: the winner's margin goes to the house, the artwork stays
 * with its owner (a resale becomes `relisted`), the sale and order are `expired`. Each is recorded
 * (`forfeitRecord`) in the same transaction.
 */
export async function expireDue(tx: Tx, at: Date): Promise<number> {
  const due = await tx
    .select()
    .from(nftOrders)
    .where(and(eq(nftOrders.status, 'awaiting_payment'), lte(nftOrders.dueAt, at)))
    .orderBy(asc(nftOrders.dueAt), asc(nftOrders.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const records: RecordInput[] = [];
  for (const order of due) {
    const moved = await tx
      .update(nftOrders)
      .set({ status: 'expired' })
      .where(and(eq(nftOrders.id, order.id), eq(nftOrders.status, 'awaiting_payment')))
      .returning({ id: nftOrders.id });
    if (moved.length !== 1) continue;
    const [sale] = await tx
      .update(nftSales)
      .set({ status: 'expired' })
      .where(eq(nftSales.id, order.saleId))
      .returning();
    const [margin] = await tx
      .select()
      .from(nftMargins)
      .where(
        and(eq(nftMargins.saleId, order.saleId), eq(nftMargins.userId, order.buyerId), eq(nftMargins.status, 'held')),
      );
    if (margin) {
      await postHold(tx, margin.holdId, {
        to: [{ account: systemAccount('house', order.currencyId), amount: margin.amount }],
        userId: order.buyerId,
        reason: 'nft_margin_forfeit',
        meta: { saleId: order.saleId, artworkId: order.artworkId, orderId: order.id },
        at,
      });
      await tx.update(nftMargins).set({ status: 'forfeited' }).where(eq(nftMargins.id, margin.id));
    }
    records.push(forfeitRecord(order, margin?.amount ?? null, at));
    if (sale?.sellerId !== null && sale?.sellerId !== undefined) {
      await tx.update(nftArtworks).set({ listingState: 'relisted' }).where(eq(nftArtworks.id, order.artworkId));
    }
    await tell(
      tx,
      [
        {
          userId: order.buyerId,
          kind: 'payment_expired',
          artworkId: order.artworkId,
          orderId: order.id,
          price: margin?.amount ?? '0',
          push: {
            type: 'auction.payment_expired',
            artwork_id: order.artworkId,
            order_id: order.id,
            name: await artworkName(tx, order.artworkId),
            margin: toWire(margin?.amount ?? '0'),
            currency: nameOfCurrency(order.currencyId),
          },
        },
      ],
      at,
    );
  }
  await appendRecords(tx, records);
  return due.length;
}

/**
 * Everything due by `at`: ending notices, ends, payment reminders, expiries; in demo mode
 * (`relist`) the catalogue's unsold artworks get a new sale (`relist.ts`).
 */
export async function sweep(tx: Tx, at: Date, opts: { relist?: boolean } = {}): Promise<void> {
  await noticeEnding(tx, at);
  await endDue(tx, at);
  if (opts.relist) await relistUnsoldCatalogue(tx, at);
  await noticeDue(tx, at);
  while ((await expireDue(tx, at)) === BATCH);
}

/** The marketplace's scheduled work: one sweep a minute (relisting the unsold catalogue in demo mode). */
export function nftJobs(opts: { demo?: boolean } = {}): Job[] {
  const relist = opts.demo === true;
  return [
    { name: NFT_SWEEP_JOB, every: 'minute', catchUp: 'latest', run: (tx, period) => sweep(tx, period.end, { relist }) },
  ];
}
