import type { NftMessageKind } from '@contract/nft';
import type { PushEvent } from '@contract/push';
import { nftMessages } from '../db/schema/index';
import type { Tx } from '../ledger/index';
import { notifyMany } from '../push/notify';

/** One thing to tell a user about an artwork: an in-app NFT message and, where it has one, a push. */
export interface Telling {
  userId: number;
  kind: NftMessageKind;
  artworkId: number;
  orderId?: number | null;
  price?: string | null;
  push?: PushEvent;
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
  const pushes = items.flatMap((t) => (t.push ? [{ userId: t.userId, event: t.push }] : []));
  await notifyMany(tx, pushes, at);
}
