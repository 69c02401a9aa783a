import { randomInt } from 'node:crypto';
import { LedgerError, SHARDED, SYSTEM_SHARDS, type AccountRef } from './types';

/**
 * The shard of the house, fees and insurance accounts a posting uses: the user's own (id modulo
 * SYSTEM_SHARDS), so one user's exchanges and a later refund of a fee meet the same row and
 * different users rarely meet at all; postings without a user (the market maker) pick at random.
 */
export function shardFor(userId: number | null): number {
  return userId === null ? randomInt(SYSTEM_SHARDS) : userId % SYSTEM_SHARDS;
}

/** `ref` with its shard settled: the given one (checked), `shard` for sharded accounts, else 0. */
export function onShard(ref: AccountRef, shard: number): AccountRef {
  if (!('system' in ref)) return ref;
  if (ref.shard !== undefined) {
    const allowed = SHARDED.has(ref.system) ? SYSTEM_SHARDS : 1;
    if (!Number.isInteger(ref.shard) || ref.shard < 0 || ref.shard >= allowed) {
      throw new LedgerError(`${ref.system} has no shard ${ref.shard}`);
    }
    return ref;
  }
  return SHARDED.has(ref.system) ? { ...ref, shard } : ref;
}
