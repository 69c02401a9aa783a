import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import * as record from '@contract/record';
import { parseBody, parseLeaf, verifyChain, verifyLeaf, type LeafBody } from '@contract/domain/settlement-chain';
import { recheckRecord } from '@contract/domain/settlement-outcomes';
import type { SettlementKind } from '@contract/domain/settlement-chain';
import type { Db } from '../db/client';
import { readHead, sha256 } from '../settlement-record/index';
import type { TestApp } from './app';
import { okOf } from './wallet';

/** Shared steps of the settlement record's tests: the chain as the public reads it, checked. */

/** The kinds `recheckRecord` recomputes (the others' formulas are the server's, tested there). */
const RECOMPUTED = new Set<SettlementKind>([
  'nft_auction',
  'nft_forfeit',
  'nft_blind_box',
  'lock_mining',
  'dual_invest',
  'futures_trigger',
  'futures_close',
]);

/** The whole chain as the public endpoint serves it, page by page. */
export async function wholeChain(t: TestApp) {
  const all: record.SettlementRecordView[] = [];
  for (;;) {
    const page = okOf(record.recordChain, (await t.call(record.recordChain, { after: all.length, limit: 500 })).body);
    all.push(...page.records);
    if (page.records.length < 500) return { records: all, published: page.published };
  }
}

/** The whole chain, verified from the genesis to the head the database holds now. */
export async function verifiedChain(t: TestApp) {
  const { records } = await wholeChain(t);
  const head = await readHead(t.app.ctx.db);
  expect(verifyChain(sha256, records, undefined, head)).toEqual({ ok: true, head });
  return records;
}

/** The records named `ref` in the chain (by the database, so none is missed by a page limit). */
export async function recordsNamed(db: Db, ref: string) {
  const res = (await db.execute(sql`SELECT seq FROM settlement_records WHERE ref = ${ref}`)) as unknown as {
    rows: { seq: string | number }[];
  };
  return res.rows.map((r) => Number(r.seq));
}

/**
 * What an order history's link shows for `ref` (`/proof/record?ref=`): its records, checked to
 * link to the hash before them where they follow each other, and each leaf checked to be listed by
 * its record. Returns the record bodies and the leaves' bodies, every one recomputed from its own
 * fields to the outcome it records.
 */
export async function settlementOf(t: TestApp, ref: string) {
  const found = okOf(record.recordOf, (await t.call(record.recordOf, { ref })).body);
  const consecutive = found.records.every((r, i) => i === 0 || r.seq === found.records[i - 1]!.seq + 1);
  if (consecutive) expect(verifyChain(sha256, found.records, found.before!).ok).toBe(true);
  const bodies = found.records.map((r) => parseBody(r.body)!);
  const leaves: LeafBody[] = found.leaves.map((leaf) => {
    const r = found.records.find((x) => x.seq === leaf.seq)!;
    expect(verifyLeaf(sha256, r, leaf).ok, `leaf ${leaf.ref} listed in record ${leaf.seq}`).toBe(true);
    return parseLeaf(leaf.body)!;
  });
  for (const b of leaves.length > 0 ? leaves : bodies) {
    if (!RECOMPUTED.has(b.kind)) continue;
    expect(recheckRecord(sha256, b), `${b.ref} recomputed`).toEqual({ ok: true, mismatches: [] });
  }
  return { records: found.records, bodies, leaves };
}

/**
 * Makes the database refuse records of `kind` (a trigger raising on their insert) until the
 * returned function is called: a settlement whose record cannot be written must not commit.
 */
export async function refuseRecords(db: Db, kind: SettlementKind): Promise<() => Promise<void>> {
  const name = `refuse_${kind}`;
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.kind = '${kind}' THEN RAISE EXCEPTION 'records of ${kind} refused'; END IF; RETURN NEW; END $$`),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER ${name} BEFORE INSERT ON settlement_records FOR EACH ROW EXECUTE FUNCTION ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`DROP TRIGGER ${name} ON settlement_records`));
    await db.execute(sql.raw(`DROP FUNCTION ${name}()`));
  };
}
