import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { post } from '../ledger/post';
import { inTransaction } from '../ledger/transaction';
import { systemAccount, userAccount } from '../ledger/types';
import type { WalletType } from '@contract/wallet';

/** A user row without going through registration (ledger tests need owners, not sessions). */
export async function insertLedgerUser(db: Db): Promise<number> {
  const tag = randomBytes(6).toString('hex');
  const now = new Date();
  const [row] = await db
    .insert(users)
    .values({
      accountNumber: tag.slice(0, 12),
      passwordHash: 'x',
      nickname: `t${tag.slice(0, 8)}`,
      invitationCode: tag.slice(0, 12).toUpperCase(),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  return row!.id;
}

/** Money arriving from outside (what an approved recharge posts). */
export function deposit(db: Db, userId: number, currencyId: number, amount: string, type: WalletType = 'legal') {
  return inTransaction(db, (tx) =>
    post(tx, {
      kind: 'deposit',
      entries: [
        { account: systemAccount('external_deposits', currencyId), amount: `-${amount}` },
        { account: userAccount(userId, currencyId, type), amount },
      ],
    }),
  );
}
