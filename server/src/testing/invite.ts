import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { inTransaction, post, systemAccount, userAccount } from '../ledger/index';

const BTC = 1;
const USDT = 3;

/** A futures fee of `fee` USDT paid by `userId` at `at` (as a position's close posts it). */
export function payFuturesFee(db: Db, userId: number, fee: string, at: Date) {
  return inTransaction(db, (tx) =>
    post(tx, {
      kind: 'lever_close',
      userId,
      at,
      entries: [
        { account: userAccount(userId, USDT, 'legal'), amount: `-${fee}` },
        { account: systemAccount('fees', USDT), amount: fee },
      ],
    }),
  );
}

/**
 * A spot fill as the trading core posts it: `buyer` pays 100 USDT for 0.001 BTC less a 0.00001
 * BTC fee, `seller` receives 100 USDT less a 0.1 USDT fee; the transaction is the taker's (buyer).
 */
export function paySpotFill(db: Db, buyer: number, seller: number, at: Date) {
  return inTransaction(db, (tx) =>
    post(tx, {
      kind: 'order_fill',
      userId: buyer,
      at,
      entries: [
        { account: userAccount(buyer, USDT, 'legal'), amount: '-100' },
        { account: userAccount(buyer, BTC, 'legal'), amount: '0.00099' },
        { account: userAccount(seller, BTC, 'legal'), amount: '-0.001' },
        { account: userAccount(seller, USDT, 'legal'), amount: '99.9' },
        { account: systemAccount('fees', BTC), amount: '0.00001' },
        { account: systemAccount('fees', USDT), amount: '0.1' },
      ],
    }),
  );
}

/** Sets a user's referrer by hand (registration never makes a loop; a hand-edited database might). */
export async function setParent(db: Db, userId: number, parentId: number | null) {
  await db.update(users).set({ parentId }).where(eq(users.id, userId));
}
