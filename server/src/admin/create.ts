import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isEmail } from '@contract/domain/checkers';
import type { UserRole } from '@contract/define';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { hashPassword } from '../auth/passwords';
import { insertUser } from '../auth/repo';
import { newInvitationCode } from '../auth/service';
import { audit } from '../audit/index';

export interface AdminCreated {
  accountNumber: string;
  /** Set only when the account was created here: shown once, to be changed after first login. */
  password?: string;
}

/**
 * Makes `email` staff (`admin` by default, or `support`): an existing account gets the role;
 * otherwise an account is created with a random password. Audited as the account's own first
 * action.
 */
export async function createAdmin(
  db: Db,
  rawEmail: string,
  now: Date,
  role: Exclude<UserRole, 'user'> = 'admin',
): Promise<AdminCreated> {
  const email = rawEmail.trim().toLowerCase();
  if (!isEmail(email)) throw new Error(`not an email address: ${rawEmail}`);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    let password: string | undefined;
    let user = existing;
    if (!user) {
      password = randomBytes(12).toString('base64url');
      const accountNumber = String(10_000_000 + (randomBytes(4).readUInt32BE() % 90_000_000));
      user = await insertUser(tx as unknown as Db, {
        accountNumber,
        email,
        passwordHash: await hashPassword(password),
        nickname: `u${accountNumber}`,
        invitationCode: newInvitationCode(),
        createdAt: now,
        updatedAt: now,
      });
    }
    const [after] = await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, user.id)).returning();
    await audit(tx, {
      adminId: user.id,
      action: 'admin.create',
      entity: 'user',
      entityId: user.id,
      reason: 'npm run admin:create',
      before: existing ? { role: existing.role } : null,
      after: { role: after!.role, email },
      at: now,
    });
    return { accountNumber: user.accountNumber, ...(password ? { password } : {}) };
  });
}
