import { and, asc, eq, isNull } from 'drizzle-orm';
import { nftArtworks, nftSales } from '../../db/schema/index';
import type { Tx } from '../../ledger/index';
import { auctionMargin } from './rules';

const BATCH = 100;

/**
 * Demo mode only: the catalogue's own artworks (no owner) whose last sale ended `unsold` get a new
 * sale on the same terms and of the same length, starting at `at`, so the demo never runs out of
 * artworks to buy. Only an artwork whose current sale is that unsold one qualifies (the artwork
 * then points at the new sale, so each ended sale is relisted once); user-owned artworks, bought
 * ones and won auctions (awaiting payment, paid, expired) are left alone. The sale is taken
 * `FOR UPDATE SKIP LOCKED` and then the artwork, in the order every writer takes them; up to 100
 * a pass (the sweep runs each minute).
 */
export async function relistUnsoldCatalogue(tx: Tx, at: Date): Promise<number> {
  let done = 0;
  const ended = await tx
    .select({ sale: nftSales })
    .from(nftSales)
    .innerJoin(nftArtworks, eq(nftArtworks.saleId, nftSales.id))
    .where(and(eq(nftSales.status, 'unsold'), isNull(nftSales.sellerId), isNull(nftArtworks.ownerId)))
    .orderBy(asc(nftSales.id))
    .limit(BATCH)
    .for('update', { of: nftSales, skipLocked: true });
  for (const { sale } of ended) {
    const [artwork] = await tx.select().from(nftArtworks).where(eq(nftArtworks.id, sale.artworkId)).for('update');
    if (!artwork || artwork.saleId !== sale.id || artwork.ownerId !== null) continue;
    const length = sale.endAt.getTime() - sale.startAt.getTime();
    const [next] = await tx
      .insert(nftSales)
      .values({
        artworkId: sale.artworkId,
        sellerId: null,
        payType: sale.payType,
        currencyId: sale.currencyId,
        price: sale.price,
        perIncrease: sale.perIncrease,
        // A sale listed before margins were required gets one (`auctionMargin`).
        margin: sale.payType === 2 ? auctionMargin(sale.price, sale.margin) : sale.margin,
        startAt: at,
        endAt: new Date(at.getTime() + length),
        createdAt: at,
      })
      .returning({ id: nftSales.id });
    await tx
      .update(nftArtworks)
      .set({ saleId: next!.id })
      .where(and(eq(nftArtworks.id, sale.artworkId), eq(nftArtworks.saleId, sale.id)));
    done += 1;
  }
  return done;
}
