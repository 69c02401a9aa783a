import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../errors';
import { nftArtworks, nftBoxes, nftCollects, nftMessages, nftSales, type NftBoxRow } from '../../db/schema/index';
import type { Tx } from '../../ledger/index';
import { appendRecords } from '../../settlement-record/index';
import { boxRecord } from './records';
import { auctionMargin } from './rules';
import { artworkForUpdate, lockSaleAndArtwork } from './sales';
import { tell } from './tell';
import { contentOf } from './views';

/** What an owner does with an artwork: open a blind box, resell; and favorites and messages. */

/**
 * Opens an owned, sealed blind box: the artwork shows its content from now on, and the reveal
 * (commitment, salt and content) is appended to the public record in the same transaction.
 */
export async function openBox(tx: Tx, input: { userId: number; artworkId: number; now: Date }): Promise<NftBoxRow> {
  const artwork = await artworkForUpdate(tx, input.artworkId);
  if (artwork.ownerId !== input.userId) throw new AppError('nft_not_owner', { field: 'id' });
  if (artwork.type !== 'blind_box') throw new AppError('nft_not_blind_box', { field: 'id' });
  const [box] = await tx
    .update(nftBoxes)
    .set({ openedAt: input.now })
    .where(and(eq(nftBoxes.artworkId, artwork.id), isNull(nftBoxes.openedAt)))
    .returning();
  if (!box) throw new AppError('nft_already_opened');
  const content = contentOf(box);
  await tx
    .update(nftArtworks)
    .set({ rarity: content.rarity, media: content.media, image: content.image })
    .where(eq(nftArtworks.id, artwork.id));
  await tell(tx, [{ userId: input.userId, kind: 'opened', artworkId: artwork.id }], input.now);
  await appendRecords(tx, [boxRecord(artwork, box, content, input.userId, input.now)]);
  return box;
}

export interface ResaleInput {
  userId: number;
  artworkId: number;
  payType: number;
  price: string;
  perIncrease: string;
  margin?: string;
  start: number;
  end: number;
  now: Date;
}

/** Lists an owned artwork that is not already for sale. */
export async function resell(tx: Tx, input: ResaleInput) {
  const { artwork, sale: current } = await lockSaleAndArtwork(tx, input.artworkId);
  if (artwork.ownerId !== input.userId) throw new AppError('nft_not_owner', { field: 'id' });
  if (current && (current.status === 'open' || current.status === 'awaiting_payment')) {
    throw new AppError('nft_already_listed');
  }
  if (input.end <= input.now.getTime()) throw new AppError('field_invalid', { field: 'end_time' });
  const start = Math.max(input.start, input.now.getTime());
  if (input.end <= start) throw new AppError('nft_end_before_start', { field: 'end_time' });
  const auction = input.payType === 2;
  const [sale] = await tx
    .insert(nftSales)
    .values({
      artworkId: artwork.id,
      sellerId: input.userId,
      payType: input.payType,
      currencyId: artwork.currencyId,
      price: input.price,
      perIncrease: input.perIncrease,
      margin: auction ? auctionMargin(input.price, input.margin) : '0',
      startAt: new Date(start),
      endAt: new Date(input.end),
      createdAt: input.now,
    })
    .returning();
  await tx
    .update(nftArtworks)
    .set({ saleId: sale!.id, listingState: 'reselling' })
    .where(eq(nftArtworks.id, artwork.id));
  return sale!;
}

/** Toggles a favorite; the count is kept in the same transaction. */
export async function toggleCollect(tx: Tx, userId: number, artworkId: number, now: Date) {
  await artworkForUpdate(tx, artworkId);
  const added = await tx
    .insert(nftCollects)
    .values({ userId, artworkId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: nftCollects.artworkId });
  if (added.length === 0) {
    await tx.delete(nftCollects).where(and(eq(nftCollects.userId, userId), eq(nftCollects.artworkId, artworkId)));
  }
  const delta = added.length === 0 ? -1 : 1;
  const [row] = await tx
    .update(nftArtworks)
    .set({ collectCount: sql`greatest(0, ${nftArtworks.collectCount} + ${delta})` })
    .where(eq(nftArtworks.id, artworkId))
    .returning({ n: nftArtworks.collectCount });
  return { collected: added.length > 0, collect_count: row?.n ?? 0 };
}

/** Marks one of the user's messages read (another user's id answers like a missing one), or all. */
export async function readMessages(tx: Tx, userId: number, id: number | undefined, now: Date): Promise<void> {
  if (id === undefined) {
    await tx
      .update(nftMessages)
      .set({ readAt: now })
      .where(and(eq(nftMessages.userId, userId), isNull(nftMessages.readAt)));
    return;
  }
  const [row] = await tx
    .select({ id: nftMessages.id, readAt: nftMessages.readAt })
    .from(nftMessages)
    .where(and(eq(nftMessages.id, id), eq(nftMessages.userId, userId)));
  if (!row) throw new AppError('record_not_found', { field: 'id' });
  if (row.readAt === null) await tx.update(nftMessages).set({ readAt: now }).where(eq(nftMessages.id, id));
}
