import { inArray } from 'drizzle-orm';
import type { NftMessageKind } from '@contract/nft';
import type { PushEvent } from '@contract/push';
import { nftArtworks, nftMessages } from '../../db/schema/index';
import type { Tx } from '../../ledger/index';
import { currencySymbol, plainDecimal } from '../../push/events';
import { notifyMany, type Notification } from '../../push/notify';

/** One thing to tell a user about an artwork: an in-app NFT message and a notice (its push event, if any). */
export interface Telling {
  userId: number;
  kind: NftMessageKind;
  artworkId: number;
  orderId?: number | null;
  price?: string | null;
  push?: PushEvent;
}

/**
 * Every telling as a notice: its push event, else an `nft.message` with the artwork's name and
 * currency (read in one select), so each NFT message is in the user's inbox too.
 */
async function inboxEvents(tx: Tx, items: Telling[]): Promise<Notification[]> {
  const bare = [...new Set(items.filter((t) => !t.push).map((t) => t.artworkId))];
  const names =
    bare.length === 0
      ? []
      : await tx
          .select({ id: nftArtworks.id, name: nftArtworks.name, currencyId: nftArtworks.currencyId })
          .from(nftArtworks)
          .where(inArray(nftArtworks.id, bare));
  const byId = new Map(names.map((a) => [a.id, a]));
  return items.map((t) => {
    if (t.push) return { userId: t.userId, event: t.push };
    const a = byId.get(t.artworkId);
    const event: PushEvent = {
      type: 'nft.message',
      kind: t.kind,
      artwork_id: t.artworkId,
      name: a?.name ?? '',
      price: t.price ? plainDecimal(t.price) : null,
      currency: a ? currencySymbol(a.currencyId) : '',
    };
    return { userId: t.userId, event };
  });
}

/**
 * Writes the messages and queues the pushes in the caller's transaction: they exist exactly when
 * the bid, end or expiry that caused them commits.
 */
export async function tell(tx: Tx, items: Telling[], at: Date): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(nftMessages).values(
    items.map((t) => ({
      userId: t.userId,
      kind: t.kind,
      artworkId: t.artworkId,
      orderId: t.orderId ?? null,
      price: t.price ?? null,
      createdAt: at,
    })),
  );
  await notifyMany(tx, await inboxEvents(tx, items), at);
}
