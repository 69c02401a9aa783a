import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { verifyChain, type SettlementKind } from '@contract/domain/settlement-chain';
import type { Database } from '../db/client';
import { sha256 } from '../settlement-record/index';
import { rowsOf } from './kill-load';

/**
 * What a `kill -9` must leave of the settlement record: the whole chain verifies from the genesis
 * to its last record (no gap, no half-written record), every set of leaves belongs to a record
 * and every record of many has its leaves (they commit together), and each closed futures
 * position and settled seconds contract is recorded exactly once (as a record or a leaf), while
 * nothing still open is. Returns how many records the chain holds.
 */
export async function expectConsistentChain(database: Database): Promise<number> {
  const records = (
    await rowsOf(database, sql`SELECT seq, kind, pair, at, ref, body, hash FROM settlement_records ORDER BY seq`)
  ).map((r) => ({
    seq: Number(r.seq),
    kind: r.kind as SettlementKind,
    pair: r.pair as string | null,
    at: Number(r.at),
    ref: String(r.ref),
    body: String(r.body),
    hash: String(r.hash),
  }));
  expect(verifyChain(sha256, records)).toMatchObject({ ok: true });
  const orphans = await rowsOf(
    database,
    sql`SELECT s.record_ref FROM settlement_leaf_sets s
      WHERE NOT EXISTS (SELECT 1 FROM settlement_records r WHERE r.ref = s.record_ref)`,
  );
  expect(orphans, 'leaves without their record').toEqual([]);
  const bare = records.filter((r) => r.body.includes('"leaves":[') && !r.body.includes('"leaves":[]'));
  const withLeaves = new Set(
    (await rowsOf(database, sql`SELECT record_ref FROM settlement_leaf_sets`)).map((r) => String(r.record_ref)),
  );
  expect(
    bare.filter((r) => !withLeaves.has(r.ref)).map((r) => r.ref),
    'records without their leaves',
  ).toEqual([]);

  // Each settled thing once: refs of records and of leaves together.
  const times = await rowsOf(
    database,
    sql`WITH refs AS (
        SELECT ref FROM settlement_records WHERE ref LIKE 'futures:%' OR ref LIKE 'seconds:%'
        UNION ALL SELECT unnest(refs) FROM settlement_leaf_sets),
      counted AS (SELECT ref, count(*) AS n FROM refs GROUP BY ref),
      things AS (
        SELECT 'futures:' || id AS ref, status = 'closed' AS settled FROM lever_positions
        UNION ALL SELECT 'seconds:' || id, status = 'settled' FROM micro_orders)
      SELECT t.ref, t.settled, coalesce(c.n, 0) AS n FROM things t LEFT JOIN counted c ON c.ref = t.ref
      WHERE coalesce(c.n, 0) <> CASE WHEN t.settled THEN 1 ELSE 0 END`,
  );
  expect(times, 'settlements not recorded exactly once').toEqual([]);
  return records.length;
}
