import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankCards, walletAddresses, type WalletAddressRow } from '../../db/schema/index';
import { offsetOf, type PageRequest } from '../../lib/paging';

/** The fund module's queries on a user's payout bindings: bank cards and withdrawal addresses. */

/** Inserts the user's card of that kind or replaces its details (one card of each kind). */
export async function upsertCard(
  db: Db,
  card: { userId: number; kind: 'domestic' | 'international'; details: Record<string, string>; now: Date },
): Promise<void> {
  const { userId, kind, details, now } = card;
  await db
    .insert(bankCards)
    .values({ userId, kind, details, updatedAt: now })
    .onConflictDoUpdate({ target: [bankCards.userId, bankCards.kind], set: { details, updatedAt: now } });
}

export async function cardOf(db: Db, userId: number, kind: 'domestic' | 'international') {
  const [row] = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), eq(bankCards.kind, kind)))
    .limit(1);
  return row;
}

/** Throws the driver's unique violation when the user already holds that address. */
export async function insertAddress(
  db: Db,
  values: Pick<WalletAddressRow, 'userId' | 'currency' | 'network' | 'name' | 'address' | 'qrcode' | 'createdAt'>,
): Promise<WalletAddressRow> {
  const [row] = await db.insert(walletAddresses).values(values).returning();
  return row!;
}

export async function userAddresses(db: Db, userId: number, q: PageRequest & { currency?: string | undefined }) {
  const where = q.currency
    ? and(eq(walletAddresses.userId, userId), eq(walletAddresses.currency, q.currency))
    : eq(walletAddresses.userId, userId);
  const [rows, [total]] = await Promise.all([
    db.select().from(walletAddresses).where(where).orderBy(desc(walletAddresses.id)).limit(q.limit).offset(offsetOf(q)),
    db.select({ n: count() }).from(walletAddresses).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The address only if it is the user's own. */
export async function ownAddress(db: Db, userId: number, id: number): Promise<WalletAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(walletAddresses)
    .where(and(eq(walletAddresses.id, id), eq(walletAddresses.userId, userId)))
    .limit(1);
  return row;
}
