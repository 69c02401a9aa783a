import { and, count, desc, eq } from 'drizzle-orm';
import type { ChainCurrency, Network, WalletAddress } from '@contract/fund';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/client';
import { bankCards, walletAddresses, type WalletAddressRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { checkAddress } from './address-check';
import { ownUpload } from './upload-ref';
import { offsetOf } from '../../lib/paging';

export type CardKind = 'domestic' | 'international';

/** Saving replaces the user's card of that kind (one of each, as the original screens show). */
export async function saveCard<T extends Record<string, string>>(
  ctx: AppContext,
  userId: number,
  kind: CardKind,
  details: T,
): Promise<T> {
  const now = ctx.now();
  await ctx.db
    .insert(bankCards)
    .values({ userId, kind, details, updatedAt: now })
    .onConflictDoUpdate({ target: [bankCards.userId, bankCards.kind], set: { details, updatedAt: now } });
  return details;
}

export async function findCard(
  ctx: AppContext,
  userId: number,
  kind: CardKind,
): Promise<Record<string, string> | null> {
  const [row] = await ctx.db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.userId, userId), eq(bankCards.kind, kind)))
    .limit(1);
  return row?.details ?? null;
}

export const toAddressDto = (r: WalletAddressRow): WalletAddress => ({
  id: r.id,
  currency: r.currency as ChainCurrency,
  network: r.network as Network,
  name: r.name,
  address: r.address,
  qrcode: r.qrcode,
  created_at: r.createdAt.toISOString(),
});

export async function saveAddress(
  ctx: AppContext,
  userId: number,
  input: { currency: ChainCurrency; network: Network; name: string; address: string; qrcode: string },
): Promise<WalletAddress> {
  checkAddress(input.network, input.address);
  const qrcode = await ownUpload(ctx, userId, input.qrcode, 'qrcode', 'qrcode_required');
  try {
    const [row] = await ctx.db
      .insert(walletAddresses)
      .values({ userId, ...input, qrcode, createdAt: ctx.now() })
      .returning();
    return toAddressDto(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('account_exists', { field: 'address' });
    throw err;
  }
}

export async function listAddresses(
  ctx: AppContext,
  userId: number,
  q: { page: number; limit: number; currency?: ChainCurrency },
) {
  const where = q.currency
    ? and(eq(walletAddresses.userId, userId), eq(walletAddresses.currency, q.currency))
    : eq(walletAddresses.userId, userId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(walletAddresses)
      .where(where)
      .orderBy(desc(walletAddresses.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    ctx.db.select({ n: count() }).from(walletAddresses).where(where),
  ]);
  return { rows: rows.map(toAddressDto), total: total?.n ?? 0 };
}

/** Another user's address answers exactly like one that does not exist. */
export async function findOwnAddress(ctx: AppContext, userId: number, id: number): Promise<WalletAddressRow> {
  const [row] = await ctx.db
    .select()
    .from(walletAddresses)
    .where(and(eq(walletAddresses.id, id), eq(walletAddresses.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('address_not_found', { field: 'address_id' });
  return row;
}
