import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../errors';

export async function accountNumberOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ n: users.accountNumber }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.n ?? '';
}

/**
 * Gives an existing account the admin role (the first admin comes from the command line, never
 * from an endpoint). Returns the account number; an unknown email is an error.
 */
export async function grantAdmin(db: Db, email: string, now: Date): Promise<string> {
  const [row] = await db
    .update(users)
    .set({ role: 'admin', updatedAt: now })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ n: users.accountNumber });
  if (!row) throw new AppError('account_not_found', { field: 'email' });
  return row.n;
}
