import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Every back-office action: who, when, what, and the record before and after. Never updated. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: varchar('action', { length: 48 }).notNull(),
    entity: varchar('entity', { length: 32 }).notNull(),
    entityId: integer('entity_id').notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_admin_idx').on(t.adminId, t.id)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
