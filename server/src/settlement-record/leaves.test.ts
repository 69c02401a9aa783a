import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as record from '@contract/record';
import { hashBody, leafBody, parseBody, verifyLeaf, type RecordLeaf } from '@contract/domain/settlement-chain';
import { inTransaction } from '../ledger/index';
import { createTestApp, type TestApp } from '../testing/app';
import { describeEachDatabase } from '../testing/suite';
import { okOf } from '../testing/wallet';
import { translate } from '../i18n';
import { appendRecords, sha256 } from './index';

/** More leaves than one page (and than `/proof/record` answers for one ref) can hold. */
const LEAVES = 1_203;

/** A batch record of `n` leaves (a seconds batch's shape) and a record of one thing; their seqs. */
async function batch(t: TestApp, n: number) {
  const first = 1 + Math.floor(Math.random() * 1e9);
  const leaves: RecordLeaf[] = Array.from({ length: n }, (_, i) => {
    const ref = `seconds:${first + i}`;
    return {
      ref,
      body: leafBody({ kind: 'seconds', pair: 'BTC/USDT', at: 1_000 + i, ref, data: { i, note: 'é\u2028"' } }),
    };
  });
  const [many, one] = await inTransaction(t.app.ctx.db, (tx) =>
    appendRecords(tx, [
      { kind: 'seconds', pair: 'BTC/USDT', at: 2_000, ref: `seconds_batch:${first}`, data: { orders: n }, leaves },
      { kind: 'spot_fill', pair: 'BTC/USDT', at: 2_001, ref: `test:${randomUUID()}`, data: { n: 1 } },
    ]),
  );
  return { many: many!, one: one!, leaves };
}

const leavesOf = async (t: TestApp, q: Record<string, unknown>) =>
  okOf(record.recordLeaves, (await t.call(record.recordLeaves, q)).body);

describeEachDatabase('leaves of a record of many (/proof/record/leaves)', ({ app, database }) => {
  it('pages a batch of more than 500 leaves oldest first, each hash the record lists at its index', async () => {
    const t = app();
    const { many, leaves } = await batch(t, LEAVES);
    const listed = parseBody(many.body)!.data.leaves as string[];
    expect(listed).toHaveLength(LEAVES);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await leavesOf(t, { seq: many.seq, page, limit: 500 }));
    expect(pages.map((p) => [p.data.length, p.total, p.current_page, p.last_page])).toEqual([
      [500, LEAVES, 1, 3],
      [500, LEAVES, 2, 3],
      [203, LEAVES, 3, 3],
    ]);
    const all = pages.flatMap((p) => p.data);
    expect(all.map((l) => l.index)).toEqual(leaves.map((_, i) => i));
    expect(all.map((l) => [l.ref, l.body])).toEqual(leaves.map((l) => [l.ref, l.body]));
    for (const leaf of all) {
      expect(leaf.seq).toBe(many.seq);
      expect(leaf.hash).toBe(listed[leaf.index]);
      expect(hashBody(sha256, leaf.body)).toBe(leaf.hash);
      expect(verifyLeaf(sha256, many, leaf)).toEqual({ ok: true, digest: leaf.hash });
    }
    // Past the end, and the default page of 100.
    expect((await leavesOf(t, { seq: many.seq, page: 4, limit: 500 })).data).toEqual([]);
    const byDefault = await leavesOf(t, { seq: many.seq });
    expect(byDefault).toMatchObject({ total: LEAVES, current_page: 1, last_page: 13 });
    expect(byDefault.data).toEqual(all.slice(0, 100));
    expect((await leavesOf(t, { seq: many.seq, page: 7, limit: 7 })).data).toEqual(all.slice(42, 49));
  });

  it('answers a record of one thing with no leaves and an unknown seq as not found', async () => {
    const t = app();
    const { one, many } = await batch(t, 3);
    expect(await leavesOf(t, { seq: one.seq })).toEqual({ data: [], total: 0, current_page: 1, last_page: 1 });
    const unknown = await t.call(record.recordLeaves, { seq: many.seq + 1_000 }, { lang: 'en' });
    expect(unknown.body).toEqual({ type: 'error', message: translate('en', 'record_not_found', { field: 'seq' }) });
  });

  it('refuses bad input with the field named', async () => {
    const t = app();
    const refused = async (q: Record<string, unknown>, field: string) =>
      expect((await t.call(record.recordLeaves, q, { lang: 'en' })).body, JSON.stringify(q)).toEqual({
        type: 'error',
        message: translate('en', field === 'seq' && !('seq' in q) ? 'field_required' : 'field_invalid', { field }),
      });
    await refused({}, 'seq');
    for (const seq of [0, -1, 'x', '1.5', 2 ** 31, '0x10']) await refused({ seq }, 'seq');
    for (const page of [0, 'two', 100_001]) await refused({ seq: 1, page }, 'page');
    for (const limit of [0, 501, '1e2']) await refused({ seq: 1, limit }, 'limit');
    expect((await t.call(record.recordLeaves, { seq: '1\u0000' })).body.type).toBe('error');
  });

  it('answers a burst of concurrent pages as it answers them one by one', async () => {
    const t = app();
    const { many } = await batch(t, 640);
    const asks = Array.from({ length: 16 }, (_, i) => ({ seq: many.seq, page: 1 + (i % 4), limit: 160 }));
    const alone: string[] = [];
    for (const q of asks.slice(0, 4)) alone.push(JSON.stringify(await leavesOf(t, q)));
    const burst = await Promise.all(asks.map((q) => t.call(record.recordLeaves, q)));
    expect(burst.every((r) => r.status === 200 && r.body.type === 'ok')).toBe(true);
    expect(burst.map((r) => JSON.stringify(okOf(record.recordLeaves, r.body)))).toEqual(
      asks.map((_, i) => alone[i % 4]),
    );
  });

  it('is limited per address like the other public endpoints', async () => {
    const t = await createTestApp(database(), { limits: { globalPerMinute: 3 } });
    try {
      const { many } = await batch(t, 2);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await t.call(record.recordLeaves, { seq: many.seq }, { ip: '203.0.113.40' })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await t.call(record.recordLeaves, { seq: many.seq }, { ip: '203.0.113.41' })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
