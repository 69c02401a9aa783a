import { sql } from 'drizzle-orm';
import { chainRecords, GENESIS_HASH, type ChainedRecord, type RecordInput } from '@contract/domain/settlement-chain';
import { rows } from '../db/rows';
import type { Tx } from '../ledger/types';
import { sha256 } from './hash';

/** Advisory lock namespace of the chain's end: one appender at a time, until its commit. */
const CHAIN_LOCK = 73_400;

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
 * record commit together or not at all (a kill -9 leaves neither). The chain's end is serialized by
 * a transaction-scoped advisory lock, taken here, as the caller's last step, so concurrent
 * settlements (other shards, other processes) do their work side by side and queue only for this
 * insert; the head is read under the lock, the records get the next sequence numbers and their
 * hashes, and are written as one statement. Call it once per batch with all its records.
 */
export async function appendRecords(tx: Tx, inputs: readonly RecordInput[]): Promise<ChainedRecord[]> {
  if (inputs.length === 0) return [];
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`);
  const head = await readHead(tx);
  const chained = chainRecords(sha256, head, inputs);
  const col = <T>(f: (r: ChainedRecord, i: number) => T) => sql.param(chained.map(f));
  await tx.execute(sql`INSERT INTO settlement_records (seq, kind, pair, at, ref, body, hash)
    SELECT * FROM unnest(${col((r) => r.seq)}::bigint[], ${col((_r, i) => inputs[i]!.kind)}::varchar[],
      ${col((_r, i) => inputs[i]!.pair)}::varchar[], ${col((_r, i) => inputs[i]!.at)}::bigint[],
      ${col((_r, i) => inputs[i]!.ref)}::varchar[], ${col((r) => r.body)}::text[], ${col((r) => r.hash)}::varchar[])`);
  return chained;
}
