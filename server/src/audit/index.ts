/**
 * The audit log's one writer. Every staff action that changes something records who did it, to
 * what, why, and the entity before and after, in the action's own transaction. A core of its own
 * so that products and other cores (push announcements, coupons) can write it without depending
 * on the console.
 */
import type { Tx } from '../db/client';
import { auditLog } from '../db/schema/index';

export interface AuditInput {
  adminId: number;
  action: string;
  entity: string;
  entityId: number;
  reason?: string;
  before: unknown;
  after: unknown;
  at: Date;
}

/** JSON-safe copy: dates as ISO strings, so before/after compare as they were read. */
const snapshot = (v: unknown): unknown => JSON.parse(JSON.stringify(v ?? null));

/** Written in the transaction of the action itself: no action without its audit row. */
export async function audit(tx: Tx, a: AuditInput): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: a.adminId,
    action: a.action,
    entity: a.entity,
    entityId: a.entityId,
    reason: a.reason ?? '',
    before: snapshot(a.before),
    after: snapshot(a.after),
    createdAt: a.at,
  });
}
