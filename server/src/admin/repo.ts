/** The back office's queries: the audit log's pages, account numbers, stored uploads. Routes hold no SQL. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, uploads, users } from '../db/schema/index';
import { offsetOf } from '../lib/paging';

/** The audit log newest first, with the staff member's account; optionally of one entity (and id). */
export async function auditPage(
  db: Db,
  filter: { entity: string; entityId?: number | undefined },
  page: number,
  limit: number,
) {
  const where = and(
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId !== undefined ? eq(auditLog.entityId, filter.entityId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: auditLog, account: users.accountNumber, nickname: users.nickname })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.adminId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(limit)
      .offset(offsetOf({ page, limit })),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function accountNumberOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ n: users.accountNumber }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.n ?? '';
}

/** The stored upload of that name, whoever owns it (admins read every upload). */
export async function uploadByName(db: Db, name: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  return row;
}
