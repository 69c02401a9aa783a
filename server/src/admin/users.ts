/**
 * The back office's users: search, detail, freeze and role changes. A freeze revokes the user's
 * sessions in the same transaction as the flag and its audit row, so no request of theirs is
 * served after the reply; login then answers with the reason (`account_frozen`).
 */
import { and, count, desc, eq, ilike, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import type { UserRole } from '@contract/define';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { identitySubmissions, ledgerAccounts, sessions, users, type UserRow } from '../db/schema/index';
import { AppError } from '../errors';
import { balances, inTransaction, toWire, type Tx } from '../ledger/index';
import { offsetOf } from '../lib/paging';
import { sessionChangesSettled } from '../sessions/sessions';
import { currencyName } from '../market/currencies';
import { audit } from '../audit/index';

export function toUserSummary(u: UserRow) {
  return {
    id: u.id,
    account_number: u.accountNumber,
    email: u.email,
    area_code: u.areaCode,
    phone: u.phone,
    nickname: u.nickname,
    role: u.role,
    real_state: u.realState,
    level: u.level,
    frozen_reason: u.frozenAt ? (u.frozenReason ?? '') : null,
    frozen_at: u.frozenAt?.toISOString() ?? null,
    created_at: u.createdAt.toISOString(),
  };
}

/** `%` and `_` typed in a search are letters, not patterns. */
const literal = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function searchUsers(db: Db, q: string, frozenOnly: boolean, page: number, limit: number) {
  const pattern = `%${literal(q.replace(/^\+/, ''))}%`;
  const where = and(
    q
      ? or(
          like(users.accountNumber, pattern),
          ilike(users.email, pattern),
          like(sql`coalesce(${users.areaCode}, '') || coalesce(${users.phone}, '')`, pattern),
          like(users.phone, pattern),
        )
      : undefined,
    frozenOnly ? isNotNull(users.frozenAt) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offsetOf({ page, limit })),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function userDetail(db: Db, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new AppError('record_not_found');
  const [held, recent, [identity]] = await Promise.all([
    balances(db, id),
    db.select().from(sessions).where(eq(sessions.userId, id)).orderBy(desc(sessions.id)).limit(20),
    db
      .select()
      .from(identitySubmissions)
      .where(eq(identitySubmissions.userId, id))
      .orderBy(desc(identitySubmissions.id))
      .limit(1),
  ]);
  return {
    user: toUserSummary(user),
    balances: held.map((b) => ({
      currency: currencyName(b.currencyId),
      currency_id: b.currencyId,
      type: b.type,
      available: b.available,
      held: b.held,
    })),
    sessions: recent.map((s) => ({
      id: s.id,
      ip: s.ip,
      user_agent: s.userAgent,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      revoked_at: s.revokedAt?.toISOString() ?? null,
    })),
    identity: identity
      ? {
          id: identity.id,
          state: identity.state,
          reason: identity.reason,
          created_at: identity.createdAt.toISOString(),
        }
      : null,
  };
}

const accountState = (u: UserRow) => ({
  role: u.role,
  frozen_reason: u.frozenAt ? u.frozenReason : null,
  frozen_at: u.frozenAt?.toISOString() ?? null,
});

type Change = { adminId: number; userId: number; reason: string };

/**
 * Locks the user's row, checks, changes and audits it in one transaction; a burst of the same
 * change applies once (the others find it done and fail). Never one's own account.
 */
async function changeUser(
  ctx: AppContext,
  c: Change,
  action: string,
  change: (u: UserRow) => Partial<UserRow>,
  check: (u: UserRow) => void,
  after?: (tx: Tx, u: UserRow) => Promise<void>,
): Promise<UserRow> {
  if (c.userId === c.adminId) throw new AppError('own_account');
  const now = ctx.now();
  const row = await inTransaction(ctx.db, async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, c.userId)).for('update');
    if (!before) throw new AppError('record_not_found');
    check(before);
    const [updated] = await tx
      .update(users)
      .set({ ...change(before), updatedAt: now })
      .where(eq(users.id, c.userId))
      .returning();
    await after?.(tx, updated!);
    await audit(tx, {
      adminId: c.adminId,
      action,
      entity: 'user',
      entityId: c.userId,
      reason: c.reason,
      before: accountState(before),
      after: accountState(updated!),
      at: now,
    });
    return updated!;
  });
  // This process's cached sessions go now; other processes' when the database's notice arrives.
  ctx.sessions.dropUser(c.userId);
  await sessionChangesSettled(ctx);
  return row;
}

export function freezeUser(ctx: AppContext, c: Change): Promise<UserRow> {
  const now = ctx.now();
  return changeUser(
    ctx,
    c,
    'user.freeze',
    () => ({ frozenReason: c.reason, frozenAt: now }),
    (u) => {
      if (u.frozenAt) throw new AppError('already_frozen');
    },
    async (tx, u) => {
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, u.id), isNull(sessions.revokedAt)));
    },
  );
}

export function unfreezeUser(ctx: AppContext, c: Change): Promise<UserRow> {
  return changeUser(
    ctx,
    c,
    'user.unfreeze',
    () => ({ frozenReason: null, frozenAt: null }),
    (u) => {
      if (!u.frozenAt) throw new AppError('not_frozen');
    },
  );
}

export function setRole(ctx: AppContext, c: Change & { role: UserRole }): Promise<UserRow> {
  return changeUser(
    ctx,
    c,
    'user.role',
    () => ({ role: c.role }),
    (u) => {
      if (u.role === c.role) throw new AppError('role_unchanged');
    },
  );
}

/** Every system account's balance per currency, shards summed. */
export async function systemBalances(db: Db) {
  const rows = await db
    .select({
      owner: ledgerAccounts.owner,
      currencyId: ledgerAccounts.currencyId,
      available: sql<string>`sum(${ledgerAccounts.available})`,
      held: sql<string>`sum(${ledgerAccounts.held})`,
    })
    .from(ledgerAccounts)
    .where(like(ledgerAccounts.owner, 's:%'))
    .groupBy(ledgerAccounts.owner, ledgerAccounts.currencyId)
    .orderBy(ledgerAccounts.owner, ledgerAccounts.currencyId);
  return rows.map((r) => ({
    account: r.owner.slice(2),
    currency: currencyName(r.currencyId),
    currency_id: r.currencyId,
    available: toWire(r.available),
    held: toWire(r.held),
  }));
}
