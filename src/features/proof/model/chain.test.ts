import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { chainRecords, GENESIS_HASH, hashBody, leafBody, type RecordInput } from '@contract/domain/settlement-chain';
import { checkLeaf, fieldsOf, leavesOf } from './chain';

const order = (id: number, result: string): RecordInput => ({
  kind: 'seconds',
  pair: 'BTC/USDT',
  at: 1_800_000_031_000,
  ref: `seconds:${id}`,
  data: { order_id: id, stake: '10', payout: result === 'win' ? '12' : '0', result },
});

describe('settlement record of many, in the browser', () => {
  const leaves = [order(1, 'win'), order(2, 'loss')].map(leafBody);
  const [chained] = chainRecords(sha256, { seq: 0, hash: GENESIS_HASH }, [
    {
      kind: 'seconds',
      pair: 'BTC/USDT',
      at: 1_800_000_031_000,
      ref: 'seconds_batch:1',
      data: { orders: 2, stale_ms: 5000, leaves: leaves.map((b) => hashBody(sha256, b)) },
    },
  ]);
  const record = {
    ...chained!,
    kind: 'seconds' as const,
    pair: 'BTC/USDT',
    at: 1_800_000_031_000,
    ref: 'seconds_batch:1',
  };

  it('counts the listed hashes instead of showing them', () => {
    expect(leavesOf(record)).toBe(2);
    expect(fieldsOf(record)).toEqual([
      ['orders', '2'],
      ['stale_ms', '5000'],
    ]);
  });

  it("shows a leaf's fields and finds its hash at its entry, not a changed one", () => {
    const ok = checkLeaf(record, { ref: 'seconds:2', index: 1, body: leaves[1]! });
    expect(ok).toMatchObject({ listed: true, digest: hashBody(sha256, leaves[1]!) });
    expect(ok.fields).toContainEqual(['result', 'loss']);
    const changed = leaves[1]!.replace('"result":"loss"', '"result":"win"');
    expect(checkLeaf(record, { ref: 'seconds:2', index: 1, body: changed })).toMatchObject({
      listed: false,
      digest: null,
    });
  });
});
