/** Reads of the settlement record and its published heads (the writes are `append.ts` and `publishHead`). */
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { SettlementKind } from '@contract/domain/settlement-chain';
import type { Db } from '../db/client';
import {
  settlementHeads,
  settlementRecords,
  type SettlementHeadRow,
  type SettlementRecordRow,
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

/** A leaf of a record that settles many (`settlement_leaf_sets`): its record's ref, index and body. */
export async function leafOf(
  db: Db,
  ref: string,
): Promise<{ recordRef: string; index: number; body: string } | undefined> {
  const [row] = await rows<{ record_ref: string; i: number; body: string }>(
    db,
    sql`SELECT record_ref, i, split_part(bodies, E'\n', i) AS body
      FROM (SELECT record_ref, bodies, array_position(refs, ${ref}::text) AS i
        FROM settlement_leaf_sets WHERE refs @> ARRAY[${ref}::text]) s
      LIMIT 1`,
  );
  return row ? { recordRef: row.record_ref, index: Number(row.i) - 1, body: row.body } : undefined;
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
