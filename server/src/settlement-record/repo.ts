/** Reads of the settlement record and its published heads (the writes are `append.ts` and `publishHead`). */
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { SettlementKind } from '@contract/domain/settlement-chain';
import type { Db } from '../db/client';
import {
  settlementHeads,
  settlementRecords,
  settlementTicks,
  type SettlementHeadRow,
  type SettlementRecordRow,
  type SettlementTickRow,
} from '../db/schema/index';
import type { Tx } from '../ledger/types';
import { offsetOf, type PageRequest } from '../lib/paging';
import { rows } from '../db/rows';

export interface RecordFilter extends PageRequest {
  kind?: SettlementKind | undefined;
  pair?: string | undefined;
  /** Epoch ms, inclusive. */
  from?: number | undefined;
  to?: number | undefined;
}

/** Records matching the filter, newest first, with the count of all matching. */
export async function recordPage(db: Db, f: RecordFilter): Promise<{ rows: SettlementRecordRow[]; total: number }> {
  const where: SQL[] = [];
  if (f.kind) where.push(eq(settlementRecords.kind, f.kind));
  if (f.pair) where.push(eq(settlementRecords.pair, f.pair));
  if (f.from !== undefined) where.push(gte(settlementRecords.at, f.from));
  if (f.to !== undefined) where.push(lte(settlementRecords.at, f.to));
  const cond = where.length > 0 ? and(...where) : undefined;
  const [list, [n]] = await Promise.all([
    db
      .select()
      .from(settlementRecords)
      .where(cond)
      .orderBy(desc(settlementRecords.seq))
      .limit(f.limit)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(settlementRecords).where(cond),
  ]);
  return { rows: list, total: Number(n?.n ?? 0) };
}

/** Up to `limit` consecutive records from `fromSeq` on, in chain order (what a verifier walks). */
export async function recordRange(db: Db | Tx, fromSeq: number, limit: number): Promise<SettlementRecordRow[]> {
  return db
    .select()
    .from(settlementRecords)
    .where(and(gte(settlementRecords.seq, fromSeq), lte(settlementRecords.seq, fromSeq + limit - 1)))
    .orderBy(asc(settlementRecords.seq));
}

export async function recordBySeq(db: Db, seq: number): Promise<SettlementRecordRow | undefined> {
  const [row] = await db.select().from(settlementRecords).where(eq(settlementRecords.seq, seq)).limit(1);
  return row;
}

/** The records of these refs (an order history's links), in chain order. */
export async function recordsByRef(db: Db, refs: string[]): Promise<SettlementRecordRow[]> {
  if (refs.length === 0) return [];
  return db
    .select()
    .from(settlementRecords)
    .where(inArray(settlementRecords.ref, refs))
    .orderBy(asc(settlementRecords.seq));
}

/**
 * The leaves of records that settle many (`settlement_leaf_sets`) named `ref`, in chain order, at
 * most `limit`: each with its record's ref and seq, its index and body. A seconds contract has one;
 * a lock-mining order one per payout. The bodies are cut out of their sets after the limit.
 */
export async function leavesOf(
  db: Db,
  ref: string,
  limit: number,
): Promise<{ recordRef: string; seq: number; index: number; body: string }[]> {
  const found = await rows<{ record_ref: string; seq: string | number; i: number; body: string }>(
    db,
    sql`SELECT x.record_ref, x.seq, x.i, split_part(l.bodies, E'\n', x.i) AS body
      FROM (SELECT s.record_ref, r.seq, array_position(s.refs, ${ref}::text) AS i
        FROM settlement_leaf_sets s JOIN settlement_records r ON r.ref = s.record_ref
        WHERE s.refs @> ARRAY[${ref}::text] ORDER BY r.seq LIMIT ${limit}) x
      JOIN settlement_leaf_sets l ON l.record_ref = x.record_ref
      ORDER BY x.seq`,
  );
  return found.map((r) => ({ recordRef: r.record_ref, seq: Number(r.seq), index: Number(r.i) - 1, body: r.body }));
}

/** One page of a record's leaves: each leaf's ref, its index in the record's `data.leaves` and its body. */
export interface LeafPage {
  leaves: { ref: string; index: number; body: string }[];
  /** How many leaves the record lists (0: it settles one thing). */
  total: number;
}

/**
 * A page of the leaves of record `seq` (`settlement_leaf_sets`, the row of its ref), in the order
 * of its `data.leaves`; undefined when there is no record `seq`. The page is cut out of the set's
 * refs and bodies in the database, so a batch of thousands sends only the page.
 */
export async function leafPage(db: Db, seq: number, p: PageRequest): Promise<LeafPage | undefined> {
  const from = offsetOf(p) + 1;
  const to = offsetOf(p) + p.limit;
  const [found] = await rows<{ total: string | number | null; refs: string[] | null; bodies: string[] | null }>(
    db,
    sql`SELECT cardinality(s.refs) AS total, s.refs[${from}:${to}] AS refs,
        (string_to_array(s.bodies, E'\n'))[${from}:${to}] AS bodies
      FROM settlement_records r LEFT JOIN settlement_leaf_sets s ON s.record_ref = r.ref
      WHERE r.seq = ${seq}`,
  );
  if (!found) return undefined;
  const refs = found.refs ?? [];
  const bodies = found.bodies ?? [];
  if (bodies.length !== refs.length)
    throw new Error(`leaves of record ${seq}: ${refs.length} refs, ${bodies.length} bodies`);
  return {
    leaves: refs.map((ref, i) => ({ ref, index: from - 1 + i, body: bodies[i]! })),
    total: Number(found.total ?? 0),
  };
}

/** The hash of record `seq` (the genesis for 0), what a range starting after it links to. */
export async function hashAt(db: Db, seq: number): Promise<string | undefined> {
  const [row] = await db
    .select({ hash: settlementRecords.hash })
    .from(settlementRecords)
    .where(eq(settlementRecords.seq, seq))
    .limit(1);
  return row?.hash;
}

/**
 * Publishes the chain's head as of the end of `minute`: the last record committed by then (a
 * record committing later has a higher seq, since seqs are given under the chain's lock). Once per
 * minute (primary key); a minute with no record yet publishes nothing.
 */
export async function publishHead(tx: Tx, minute: Date): Promise<void> {
  await tx.execute(sql`INSERT INTO settlement_heads (minute, seq, hash)
    SELECT ${minute.toISOString()}::timestamptz, seq, hash FROM settlement_records ORDER BY seq DESC LIMIT 1
    ON CONFLICT (minute) DO NOTHING`);
}

export async function headPage(db: Db, page: PageRequest): Promise<{ rows: SettlementHeadRow[]; total: number }> {
  const [list, [n]] = await Promise.all([
    db.select().from(settlementHeads).orderBy(desc(settlementHeads.minute)).limit(page.limit).offset(offsetOf(page)),
    db.select({ n: count() }).from(settlementHeads),
  ]);
  return { rows: list, total: Number(n?.n ?? 0) };
}

export interface TickFilter extends PageRequest {
  pair?: string | undefined;
  /** Feed time, epoch ms, inclusive. */
  from?: number | undefined;
  to?: number | undefined;
}

/** The ticks settlements used matching the filter, newest first (then by pair), with their count. */
export async function tickPage(db: Db, f: TickFilter): Promise<{ rows: SettlementTickRow[]; total: number }> {
  const where: SQL[] = [];
  if (f.pair) where.push(eq(settlementTicks.pair, f.pair));
  if (f.from !== undefined) where.push(gte(settlementTicks.ts, f.from));
  if (f.to !== undefined) where.push(lte(settlementTicks.ts, f.to));
  const cond = where.length > 0 ? and(...where) : undefined;
  const t = settlementTicks;
  const [list, [n]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(cond)
      .orderBy(desc(t.ts), asc(t.pair), asc(t.source), asc(t.price))
      .limit(f.limit)
      .offset(offsetOf(f)),
    db.select({ n: count() }).from(t).where(cond),
  ]);
  return { rows: list, total: Number(n?.n ?? 0) };
}
