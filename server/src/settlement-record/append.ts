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

/** A feed trade a settlement was decided from, as its record states it (`settlement_ticks`). */
export interface SettlementTick {
  pair: string;
  /** The trade's feed time (epoch ms). */
  ts: number;
  price: string;
  source: string;
}

/**
 * A record to append. With `leaves` it settles many things at once: the leaves are stored, and
 * the record's `data.leaves` becomes their hashes in this order (set here, not by the caller).
 * `ticks` are the feed trades its outcome was decided from, kept for good with it (not hashed:
 * the record states each one's price, time and source, which the listed tick must match).
 */
export type AppendInput = RecordInput & { leaves?: readonly RecordLeaf[]; ticks?: readonly SettlementTick[] };

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
  await writeTicks(tx, inputs);
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
  // The ticks are kept apart (`writeTicks`), not hashed.
  const records = inputs.map(({ leaves, ticks: _ticks, ...input }) => {
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

/**
 * Keeps the ticks the inputs were decided from, each once (a batch's orders share their
 * settlement tick and often their entry ticks), before the chain's lock; a tick another
 * settlement already kept is left as it is. Inserted in key order, so two settlements keeping
 * the same ticks wait for each other rather than deadlock.
 */
async function writeTicks(tx: Tx, inputs: readonly AppendInput[]): Promise<void> {
  const ticks = new Map<string, SettlementTick>();
  for (const input of inputs) {
    for (const t of input.ticks ?? []) ticks.set(`${t.pair}|${t.ts}|${t.source}|${t.price}`, t);
  }
  if (ticks.size === 0) return;
  const all = [...ticks.values()];
  const col = <T>(f: (t: SettlementTick) => T) => sql.param(all.map(f));
  await tx.execute(sql`INSERT INTO settlement_ticks (pair, ts, price, source)
    SELECT * FROM unnest(${col((t) => t.pair)}::varchar[], ${col((t) => t.ts)}::bigint[],
      ${col((t) => t.price)}::numeric[], ${col((t) => t.source)}::varchar[]) AS v(pair, ts, price, source)
    ORDER BY pair, ts, source, price
    ON CONFLICT DO NOTHING`);
}
