import type { ChainCurrency, Network, WalletAddress } from '@contract/fund';
import type { Db } from '../../db/client';
import { requireStepUp } from '../../security/step-up';
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
  input: {
    currency: ChainCurrency;
    network: Network;
    name: string;
    address: string;
    qrcode: string;
    step_up?: string | undefined;
  },
): Promise<WalletAddress> {
  const { step_up: token, ...fields } = input;
  checkAddress(fields.network, fields.address);
  const qrcode = await ownUpload(ctx, userId, fields.qrcode, 'qrcode', 'qrcode_required');
  const now = ctx.now();
  try {
    // Last, with the address it approved: the rules answer first, and both commit or neither does.
    const row = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const inserted = await insertAddress(db, { userId, ...fields, qrcode, createdAt: now });
      await requireStepUp(db, { userId, action: 'add_address', input: fields, token, now });
      return inserted;
    });
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
