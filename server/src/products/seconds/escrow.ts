import { SYSTEM_SHARDS, systemAccount, type AccountRef } from '../../ledger/types';

/**
 * Where an open seconds contract's stake is: on acceptance it moves from the user's micro account
 * to the `micro_escrow` system account, on the user's shard (user id modulo SYSTEM_SHARDS, as
 * `post` puts a user's house entries). A shard's escrow is then exactly the open stakes of its
 * users, so a settlement batch taking the orders of one shard only takes from that shard's row
 * (which can never go below zero) and pays the house on the same shard; batches of different
 * shards lock no row in common. Settlement no longer touches a hold per order.
 *
 * The index `micro_orders_due_idx` is on `user_id % 16`: it is this shard (SYSTEM_SHARDS is 16);
 * changing the shard count needs a migration of that index and of the open stakes.
 */
export const escrowShardOf = (userId: number): number => userId % SYSTEM_SHARDS;

export const escrowAccount = (currencyId: number, shard: number): AccountRef =>
  systemAccount('micro_escrow', currencyId, shard);

/** Every escrow shard, in order. */
export const ESCROW_SHARDS: readonly number[] = Array.from({ length: SYSTEM_SHARDS }, (_, i) => i);
