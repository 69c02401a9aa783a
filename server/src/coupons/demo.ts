import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { coupons } from '../db/schema/index';
import { inTransaction } from '../ledger/index';
import { insertCoupon, offers } from './repo';

const DAY = 86_400_000;
/** Demo offers stay claimable this long after they are issued. */
const DEMO_VALIDITY_DAYS = 90;
const USDT = 3;
/** One demo seed at a time, across processes sharing the database. */
const DEMO_COUPONS_LOCK = 'demo.coupons';

type NewCoupon = Omit<typeof coupons.$inferInsert, 'createdAt' | 'updatedAt' | 'expiresAt'>;

/**
 * The demo's coupon centre: two futures fee discounts and a recharge bonus, on the same terms as
 * coupons issued in the console, so they are claimed and used through the same code.
 */
const DEMO_COUPONS: NewCoupon[] = [
  {
    kind: 'futures_fee',
    currencyId: USDT,
    rate: '0.5',
    cap: '5',
    bonus: '0',
    minAmount: '50',
    total: 100_000,
    perUser: 2,
  },
  {
    kind: 'futures_fee',
    currencyId: USDT,
    rate: '1',
    cap: '2',
    bonus: '0',
    minAmount: '100',
    total: 100_000,
    perUser: 1,
  },
  {
    kind: 'recharge_bonus',
    currencyId: USDT,
    rate: '0',
    cap: '0',
    bonus: '5',
    minAmount: '100',
    total: 100_000,
    perUser: 1,
  },
];

/**
 * Demo mode only: issues the demo offers when nothing can be claimed (first start, or the last
 * offers expired or ran out), under an advisory lock so two processes starting together issue
 * them once. Returns how many were issued.
 */
export async function seedDemoCoupons(db: Db, now: Date): Promise<number> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${DEMO_COUPONS_LOCK}))`);
    if ((await offers(tx, now.getTime())).length > 0) return 0;
    const expiresAt = now.getTime() + DEMO_VALIDITY_DAYS * DAY;
    for (const c of DEMO_COUPONS) await insertCoupon(tx, { ...c, expiresAt, createdAt: now, updatedAt: now });
    return DEMO_COUPONS.length;
  });
}
