import { bigint, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Who matches each spot pair when several worker processes share the database
 * (`server/src/trading/cluster/`). A worker takes a pair by raising `epoch`; every batch it commits
 * checks owner and epoch in its own transaction, so an owner that was paused or cut off past
 * `expires_at` and taken over can never commit for the pair again. Times are the database's.
 */
export const spotPairLeases = pgTable('spot_pair_leases', {
  pairId: integer('pair_id').primaryKey(),
  owner: varchar('owner', { length: 128 }).notNull(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The live workers (a heartbeat each), so the pairs are shared out evenly, also to a new one. */
export const spotWorkers = pgTable('spot_workers', {
  id: varchar('id', { length: 128 }).primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/**
 * The next free id of each kind (order, trade, conditional) for blocks reserved by the workers
 * (`trading/ids.ts`); it only grows.
 */
export const spotIdBlocks = pgTable('spot_id_blocks', {
  kind: varchar('kind', { length: 16 }).primaryKey(),
  next: bigint('next', { mode: 'number' }).notNull(),
});
