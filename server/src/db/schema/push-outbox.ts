import { bigint, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { pushSubscriptions } from './push-subscriptions';

/**
 * Push deliveries still to make: one row per event and subscription, written by `notify` in the
 * transaction of the change it reports, deleted once the push service accepted it (or the
 * subscription is gone, or the event outlived its TTL). A worker takes due rows under a lease:
 * a worker that dies mid-delivery leaves the lease to expire and the row is delivered again.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    /** The same for every device of one user for one event: the client de-duplicates by it. */
    eventId: varchar('event_id', { length: 64 }).notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    /** The contract's PushEvent. */
    event: jsonb('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Not before this time (a retry's backoff); null: due now. */
    nextAt: timestamp('next_at', { withTimezone: true }),
    /** Taken by a worker until then; null: free. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('push_outbox_due_idx').on(t.nextAt, t.id), index('push_outbox_subscription_idx').on(t.subscriptionId)],
);

export type PushOutboxRow = typeof pushOutbox.$inferSelect;
