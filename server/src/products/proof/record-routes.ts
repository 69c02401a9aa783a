import type { FastifyInstance } from 'fastify';
import * as contract from '@contract/record';
import { GENESIS_HASH } from '@contract/domain/settlement-chain';
import { AppError } from '../../errors';
import { paged } from '../../lib/paging';
import { bindEndpoint } from '../../plugins/contract';
import type { SettlementHeadRow, SettlementRecordRow } from '../../db/schema/index';
import {
  hashAt,
  headPage,
  leavesOf,
  publishHead,
  recordBySeq,
  recordPage,
  recordRange,
  recordsByRef,
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
const headView = (h: SettlementHeadRow) => ({ seq: h.seq, hash: h.hash, minute: h.minute.getTime() });

/** Publishes the chain's head at the end of every minute (scheduler job `record.head`). */
export function registerHeadJob(app: FastifyInstance): void {
  app.ctx.scheduler.register({
    name: 'record.head',
    every: 'minute',
    catchUp: 'latest',
    run: async (tx, period) => publishHead(tx, period.end),
  });
}

/** The public settlement record: listing, the chain for verification, one record, the published heads. */
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

  bindEndpoint(app, contract.recordHeads, async (input) => {
    const { rows, total } = await headPage(db, input);
    return paged(rows.map(headView), total, input);
  });
}
