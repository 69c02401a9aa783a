import { char, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A money-moving request by its client key: the hash of what was asked and the answer given,
 * so a retry gets the same answer and a different request under the same key is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 64 }).notNull(),
    /** sha256 of the endpoint and the canonical request body. */
    requestHash: char('request_hash', { length: 64 }).notNull(),
    /** `{ok: result}` or `{error: {key, type, field, values}}`. */
    response: jsonb('response').$type<StoredResponse>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export type StoredResponse =
  { ok: unknown } | { error: { key: string; type: string; field?: string; values?: Record<string, string | number> } };
