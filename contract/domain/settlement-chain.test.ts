import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  chainRecords,
  GENESIS_HASH,
  hashBody,
  leafBody,
  verifyChain,
  verifyLeaf,
  type ChainedRecord,
  type RecordInput,
} from './settlement-chain';

const sha256 = (d: Uint8Array) => nobleSha256(d);

const input = (i: number): RecordInput => ({
  kind: 'seconds',
  pair: 'BTC/USDT',
  at: 1_800_000_000_000 + i,
  ref: `seconds:${i}`,
  data: { order_id: i, stake: '100.5', result: i % 2 ? 'win' : 'loss', end_price: null },
});

const chain = (n: number) =>
  chainRecords(
    sha256,
    { seq: 0, hash: GENESIS_HASH },
    Array.from({ length: n }, (_, i) => input(i + 1)),
  );

describe('settlement chain', () => {
  it('encodes with sorted keys and no floats, the same bytes whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: ['x', null, true, { d: '1.50', c: 2 }] })).toBe(
      '{"a":["x",null,true,{"c":2,"d":"1.50"}],"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(() => canonicalJson({ price: 1.5 })).toThrow(RangeError);
    expect(() => canonicalJson({ big: 2 ** 60 })).toThrow(RangeError);
    expect(() => canonicalJson({ x: undefined } as never)).toThrow(TypeError);
  });

  it('links each record to the one before and verifies a whole chain and any later part of it', () => {
    const records = chain(6);
    expect(records.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(JSON.parse(records[0]!.body).prev).toBe(GENESIS_HASH);
    expect(JSON.parse(records[3]!.body).prev).toBe(records[2]!.hash);
    expect(records[5]!.hash).toBe(hashBody(sha256, records[5]!.body));
    const last = { seq: 6, hash: records[5]!.hash };
    expect(verifyChain(sha256, records, undefined, last)).toEqual({ ok: true, head: last });
    expect(verifyChain(sha256, records.slice(3), { seq: 3, hash: records[2]!.hash }, last).ok).toBe(true);
    // Appending after a head continues the same chain.
    const more = chainRecords(sha256, last, [input(7)]);
    expect(verifyChain(sha256, [...records, ...more]).ok).toBe(true);
  });

  it('breaks at the record that was changed, removed, reordered or re-hashed', () => {
    const records = chain(5);
    const tampered = (i: number, change: (r: ChainedRecord) => ChainedRecord) =>
      records.map((r, j) => (j === i ? change(r) : r));
    // A changed outcome with its old hash: the hash fails at that record.
    const changed = tampered(2, (r) => ({ ...r, body: r.body.replace('"result":"win"', '"result":"loss"') }));
    expect(verifyChain(sha256, changed)).toEqual({ ok: false, seq: 3, fault: 'hash' });
    // Re-hashed as well: the next record's link fails.
    const rehashed = tampered(2, (r) => {
      const body = r.body.replace('"result":"win"', '"result":"loss"');
      return { ...r, body, hash: hashBody(sha256, body) };
    });
    expect(verifyChain(sha256, rehashed)).toEqual({ ok: false, seq: 4, fault: 'prev' });
    // Everything after re-hashed too: the chain is whole but no longer ends at the published head.
    const head = { seq: 5, hash: records[4]!.hash };
    const forged = chainRecords(
      sha256,
      { seq: 0, hash: GENESIS_HASH },
      records
        .map((r, i) => {
          const b = JSON.parse(r.body) as RecordInput;
          return i === 2 ? { ...b, data: { ...b.data, result: 'loss' } } : b;
        })
        .map(({ kind, pair, at, ref, data }) => ({ kind, pair, at, ref, data })),
    );
    expect(verifyChain(sha256, forged, undefined, head)).toEqual({ ok: false, seq: 5, fault: 'head' });
    expect(
      verifyChain(
        sha256,
        records.filter((r) => r.seq !== 2),
      ),
    ).toEqual({ ok: false, seq: 3, fault: 'seq' });
    expect(verifyChain(sha256, [records[1]!, records[0]!])).toEqual({ ok: false, seq: 2, fault: 'seq' });
    // A body that is not canonical (spaces, or keys out of order) is refused even with a matching hash.
    const spaced = tampered(0, (r) => {
      const body = r.body.replace('{', '{ ');
      return { ...r, body, hash: hashBody(sha256, body) };
    });
    expect(verifyChain(sha256, spaced)).toEqual({ ok: false, seq: 1, fault: 'not_canonical' });
    expect(
      verifyChain(
        sha256,
        tampered(0, (r) => ({ ...r, body: 'null' })),
      ),
    ).toEqual({ ok: false, seq: 1, fault: 'body' });
  });

  it('finds a leaf of a record of many by its hash at its index, and refuses a changed or moved one', () => {
    const leaves = [input(1), input(2), input(3)].map(leafBody);
    const [record] = chainRecords(sha256, { seq: 0, hash: GENESIS_HASH }, [
      { ...input(9), ref: 'seconds_batch:1', data: { orders: 3, leaves: leaves.map((b) => hashBody(sha256, b)) } },
    ]);
    const leaf = (index: number, body = leaves[index]!) => ({ ref: `seconds:${index + 1}`, index, body });
    expect(verifyLeaf(sha256, record!, leaf(1))).toEqual({ ok: true, digest: hashBody(sha256, leaves[1]!) });
    const changed = leaves[1]!.replace('"result":"loss"', '"result":"win"');
    expect(verifyLeaf(sha256, record!, leaf(1, changed))).toEqual({ ok: false, fault: 'not_listed' });
    expect(verifyLeaf(sha256, record!, { ...leaf(1), index: 2 })).toEqual({ ok: false, fault: 'not_listed' });
    expect(verifyLeaf(sha256, record!, { ...leaf(1), ref: 'seconds:3' })).toEqual({ ok: false, fault: 'body' });
    expect(verifyLeaf(sha256, record!, leaf(1, leaves[1]!.replace('{', '{ ')))).toEqual({
      ok: false,
      fault: 'not_canonical',
    });
  });
});
