import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bankCards, otcAds, otcApplications, users } from '../db/schema/index';
import { deposit } from './ledger';

/**
 * OTC set-up for the `kill -9` test's server (rows written directly; the endpoints that make them
 * are tested in the product's suite): `ids[0]` is an approved merchant holding USDT in the legal
 * account with a bank card bound and one large sell ad; every user is at identity level 2.
 */
export async function otcMarket(db: Db, ids: number[]): Promise<void> {
  const now = new Date();
  const merchantId = ids[0]!;
  await db.update(users).set({ level: 2 }).where(inArray(users.id, ids));
  await deposit(db, merchantId, 3, '10000000', 'legal');
  await db
    .insert(bankCards)
    .values({ userId: merchantId, kind: 'domestic', details: { card_number: '4000123412344321' }, updatedAt: now });
  await db.insert(otcApplications).values({ userId: merchantId, state: 'approved', createdAt: now, reviewedAt: now });
  await db.insert(otcAds).values({
    merchantId,
    side: 'sell',
    currencyId: 3,
    fiat: 'USD',
    priceType: 'fixed',
    fixedPrice: '1.01',
    total: '1000000',
    remaining: '1000000',
    minQty: '1',
    maxQty: '1000',
    methods: ['bank'],
    windowMinutes: 15,
    terms: '',
    status: 'online',
    createdAt: now,
    updatedAt: now,
  });
}
