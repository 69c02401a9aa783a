import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/record';
import { GENESIS_HASH } from '@contract/domain/settlement-chain';
import { AppError } from '../../errors';
import { paged } from '../../lib/paging';
import { bindEndpoint } from '../../plugins/contract';
import type { SettlementHeadRow, SettlementRecordRow, SettlementTickRow } from '../../db/schema/index';
import { toWire } from '../../ledger/index';
import {
  hashAt,
  headPage,
  leafDigest,
  leafPage,
  leavesOf,
  recordBySeq,
  recordPage,
  recordRange,
  recordsByRef,
  tickPage,
} from '../../settlement-record/index';

const recordView = (r: SettlementRecordRow) => ({
  seq: r.seq,
  kind: r.kind,
  pair: r.pair,
  at: r.at,
  ref: r.ref,
  body: r.body,
  hash: r.hash,
});
const tickView = (t: SettlementTickRow) => ({ pair: t.pair, ts: t.ts, price: toWire(t.price), source: t.source });
const headView = (h: SettlementHeadRow) => ({ seq: h.seq, hash: h.hash, minute: h.minute.getTime() });

/**
 * The public settlement record: listing, the chain for verification, one record, the ticks the
 * settlements used, the published heads.
 */
export async function recordRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  bindEndpoint(app, contract.recordList, async (input) => {
    const { rows, total } = await recordPage(db, input);
    return paged(rows.map(recordView), total, input);
  });

  bindEndpoint(app, contract.recordChain, async (input) => {
    const [records, before, heads] = await Promise.all([
      recordRange(db, input.after + 1, input.limit),
      input.after === 0 ? GENESIS_HASH : hashAt(db, input.after),
      headPage(db, { page: 1, limit: 1 }),
    ]);
    if (before === undefined) throw new AppError('record_not_found', { field: 'after' });
    const published = heads.rows[0];
    return {
      after: { seq: input.after, hash: before },
      records: records.map(recordView),
      published: published ? headView(published) : null,
    };
  });

  bindEndpoint(app, contract.recordOf, async (input) => {
    let leaves: Awaited<ReturnType<typeof leavesOf>> = [];
    let rows: SettlementRecordRow[];
    if (input.seq !== undefined) {
      rows = [await recordBySeq(db, input.seq)].filter((r) => r !== undefined);
    } else {
      rows = await recordsByRef(db, [input.ref!]);
      // Not a record of its own: one or more of the things records of many settled.
      if (rows.length === 0) leaves = await leavesOf(db, input.ref!, contract.RECORD_LEAVES_MAX);
      if (leaves.length > 0) rows = await recordsByRef(db, [...new Set(leaves.map((l) => l.recordRef))]);
    }
    if (rows.length === 0) throw new AppError('record_not_found', { field: input.seq !== undefined ? 'seq' : 'ref' });
    const first = rows[0]!.seq - 1;
    const hash = first === 0 ? GENESIS_HASH : await hashAt(db, first);
    return {
      records: rows.map(recordView),
      before: hash === undefined ? null : { seq: first, hash },
      leaves: leaves.map((l) => ({ ref: input.ref!, seq: l.seq, index: l.index, body: l.body })),
    };
  });

  bindEndpoint(app, contract.recordLeaves, async (input) => {
    const found = await leafPage(db, input.seq, input);
    if (!found) throw new AppError('record_not_found', { field: 'seq' });
    const leaves = found.leaves.map((l) => ({ ...l, seq: input.seq, hash: leafDigest(l.body) }));
    return paged(leaves, found.total, input);
  });

  bindEndpoint(app, contract.recordTicks, async (input) => {
    const { rows, total } = await tickPage(db, input);
    return paged(rows.map(tickView), total, input);
  });

  bindEndpoint(app, contract.recordHeads, async (input) => {
    const { rows, total } = await headPage(db, input);
    return paged(rows.map(headView), total, input);
  });
}
