import { eq } from 'drizzle-orm';
import type { Protections } from '@contract/security-console';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { AppError } from '../errors';
import { readAntiPhishing } from './anti-phishing';
import { listResets, resetDto } from './factor-reset';
import { listPasskeys } from './passkey-repo';
import { findTotp, recoveryCodesLeft } from './totp-repo';

import { guardOf } from './withdraw-guard';

/**
 * What staff see of a user's protections (`/admin/security/protections`): which are on and
 * since when, never a secret: passkeys by name and dates (no key or credential id), the app on or
 * off (no secret, no recovery code), whether an anti-phishing code is set (not the code).
 */
export async function protectionsOf(db: Db, userId: number, now: Date): Promise<Protections> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('record_not_found');
  const [passkeys, totp, code, resets] = await Promise.all([
    listPasskeys(db, userId),
    findTotp(db, userId),
    readAntiPhishing(db, userId),
    listResets(db, { userId }, { page: 1, limit: 10 }),
  ]);
  const enabled = Boolean(totp?.confirmedAt);
  const guard = guardOf(user, now);
  return {
    user_id: userId,
    passkeys: passkeys.map((p) => ({
      name: p.name,
      created_at: p.createdAt.toISOString(),
      last_used_at: p.lastUsedAt?.toISOString() ?? null,
    })),
    totp: {
      enabled,
      since: totp?.confirmedAt?.toISOString() ?? null,
      recovery_codes_left: enabled ? await recoveryCodesLeft(db, userId) : 0,
    },
    whitelist: { on: guard.whitelist !== 'off', off_at: guard.whitelistOffAt?.toISOString() ?? null },
    anti_phishing: code !== undefined,
    pay_password: user.payPasswordHash !== null,
    withdraw_frozen_at: user.withdrawFrozenAt?.toISOString() ?? null,
    withdraw_paused_until: guard.pausedUntil?.toISOString() ?? null,
    resets: resets.rows.map(({ r, account }) => resetDto(r, account, now)),
  };
}
