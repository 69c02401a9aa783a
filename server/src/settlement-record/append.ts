import { sql, type SQL } from 'drizzle-orm';
import {
  chainRecords,
  GENESIS_HASH,
  type ChainedRecord,
  type RecordInput,
  type RecordLeaf,
} from '@contract/domain/settlement-chain';
import { rows } from '../db/rows';
import type { Tx } from '../ledger/types';
import { leafDigest, sha256 } from './hash';

/** Advisory lock namespace of the chain's end: one appender at a time, until its commit. */
const CHAIN_LOCK = 73_400;

/**
 * A record to append. With `leaves` it settles many things at once: the leaves are stored, and
 * the record's `data.leaves` becomes their hashes in this order (set here, not by the caller).
 */
export type AppendInput = RecordInput & { leaves?: readonly RecordLeaf[] };

/** The last record's seq and hash (the genesis when there is none). */
export async function readHead(db: Pick<Tx, 'execute'>): Promise<{ seq: number; hash: string }> {
  const [row] = await rows<{ seq: string | number; hash: string }>(
    db as Tx,
    sql`SELECT seq, hash FROM settlement_records ORDER BY seq DESC LIMIT 1`,
  );
  return row ? { seq: Number(row.seq), hash: row.hash } : { seq: 0, hash: GENESIS_HASH };
}

/**
 * Appends the records of a settlement in the settlement's own transaction, so the outcome and its
 * record commit together or not at all (a kill -9 leaves neither). The leaves are hashed and
 * written first, before the chain's lock: they need no seq (a leaf names its record by ref), so
 * concurrent settlements write theirs side by side. The chain's end is serialized by a
 * transaction-scoped advisory lock, taken as the caller's last step, so concurrent settlements
 * (other shards, other processes) queue only for the records themselves: the head is read under
 * the lock, the records get the next sequence numbers and their hashes, and are written as one
 * statement. Call it once per batch with all its records.
 */
export async function appendRecords(tx: Tx, inputs: readonly AppendInput[]): Promise<ChainedRecord[]> {
  if (inputs.length === 0) return [];
  const records = await writeLeaves(tx, inputs);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`);
  const head = await readHead(tx);
  const chained = chainRecords(sha256, head, records);
  const col = <T>(f: (r: ChainedRecord, i: number) => T) => sql.param(chained.map(f));
  await tx.execute(sql`INSERT INTO settlement_records (seq, kind, pair, at, ref, body, hash)
    SELECT * FROM unnest(${col((r) => r.seq)}::bigint[], ${col((_r, i) => records[i]!.kind)}::varchar[],
      ${col((_r, i) => records[i]!.pair)}::varchar[], ${col((_r, i) => records[i]!.at)}::bigint[],
      ${col((_r, i) => records[i]!.ref)}::varchar[], ${col((r) => r.body)}::text[], ${col((r) => r.hash)}::varchar[])`);
  return chained;
}

/**
 * Writes the inputs' leaves, one row per record holding all its leaves' refs and bodies, as one
 * statement (each value its own parameter: an array of large texts took twice as long to parse).
 * Returns the record inputs with their leaves' hashes.
 */
async function writeLeaves(tx: Tx, inputs: readonly AppendInput[]): Promise<RecordInput[]> {
  const sets: SQL[] = [];
  const records = inputs.map(({ leaves, ...input }) => {
    if (!leaves) return input;
    const digests = leaves.map((leaf) => {
      if (leaf.body.includes('\n')) throw new Error(`leaf ${leaf.ref} is not canonical JSON`);
      return leafDigest(leaf.body);
    });
    const refs = leaves.map((l) => l.ref);
    const bodies = leaves.map((l) => l.body).join('\n');
    sets.push(sql`(${input.ref}, ${sql.param(refs)}::text[], ${bodies})`);
    return { ...input, data: { ...input.data, leaves: digests } };
  });
  if (sets.length > 0) {
    await tx.execute(
      sql`INSERT INTO settlement_leaf_sets (record_ref, refs, bodies) VALUES ${sql.join(sets, sql`, `)}`,
    );
  }
  return records;
}
