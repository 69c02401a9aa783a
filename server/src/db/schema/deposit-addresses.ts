import { integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Deposit addresses derived from the operator's extended public keys (`DEPOSIT_ADDRESSES=xpub`):
 * one derivation index per user and network, handed out once. Rows are never deleted and the
 * user reference does not cascade, so an index can never be handed to a second user.
 */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    network: varchar('network', { length: 8 }).notNull(),
    /** Child number under the account key's receive chain (`<account>/0/<index>`). */
    derivationIndex: integer('derivation_index').notNull(),
    address: varchar('address', { length: 128 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('deposit_addresses_user_network_unique').on(t.userId, t.network),
    uniqueIndex('deposit_addresses_network_index_unique').on(t.network, t.derivationIndex),
  ],
);
