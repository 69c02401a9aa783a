import type { ChainCurrency, Network, WalletAddress } from '@contract/fund';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/client';
import type { WalletAddressRow } from '../../db/schema/index';
import { AppError } from '../../errors';
import { checkAddress } from './address-check';
import { cardOf, insertAddress, ownAddress, upsertCard, userAddresses } from './repo-bindings';
import { ownUpload } from '../../uploads/upload-ref';

export type CardKind = 'domestic' | 'international';

/** Saving replaces the user's card of that kind (one of each, as the original screens show). */
export async function saveCard<T extends Record<string, string>>(
  ctx: AppContext,
  userId: number,
  kind: CardKind,
  details: T,
): Promise<T> {
  await upsertCard(ctx.db, { userId, kind, details, now: ctx.now() });
  return details;
}

export async function findCard(
  ctx: AppContext,
  userId: number,
  kind: CardKind,
): Promise<Record<string, string> | null> {
  const row = await cardOf(ctx.db, userId, kind);
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
    const row = await insertAddress(ctx.db, { userId, ...input, qrcode, createdAt: ctx.now() });
    return toAddressDto(row);
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
  const { rows, total } = await userAddresses(ctx.db, userId, q);
  return { rows: rows.map(toAddressDto), total };
}

/** Another user's address answers exactly like one that does not exist. */
export async function findOwnAddress(ctx: AppContext, userId: number, id: number): Promise<WalletAddressRow> {
  const row = await ownAddress(ctx.db, userId, id);
  if (!row) throw new AppError('address_not_found', { field: 'address_id' });
  return row;
}
