import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { chainRecords, GENESIS_HASH, hashBody, leafBody, type RecordInput } from '@contract/domain/settlement-chain';
import { checkLeaf, fieldsOf, isTimeField, leavesOf, recheckOf } from './chain';

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
      ['orders', 2],
      ['stale_ms', 5000],
    ]);
    // A seconds batch's outcomes are each leaf's, recomputed on the server's formula: none here.
    expect(recheckOf(record)).toBeNull();
  });

  it("shows a leaf's fields and finds its hash at its entry, not a changed one", () => {
    const ok = checkLeaf(record, { ref: 'seconds:2', seq: 1, index: 1, body: leaves[1]! });
    expect(ok).toMatchObject({ listed: true, digest: hashBody(sha256, leaves[1]!) });
    expect(ok.fields).toContainEqual(['result', 'loss']);
    expect(ok.recheck).toBeNull();
    const changed = leaves[1]!.replace('"result":"loss"', '"result":"win"');
    expect(checkLeaf(record, { ref: 'seconds:2', seq: 1, index: 1, body: changed })).toMatchObject({
      listed: false,
      digest: null,
    });
  });
});

describe('a record recomputed in the browser', () => {
  const dual = (payout: string): RecordInput => ({
    kind: 'dual_invest',
    pair: 'BTC/USDT',
    at: 1_800_000_061_000,
    ref: 'dual_invest:7',
    data: {
      order_id: 7,
      currency: 'BTC',
      settle_currency: 'USDT',
      shares: 10,
      price_per_share: '0.01',
      amount: '0.1',
      apr: '0.365',
      linked_price: '100000',
      holding_days: 7,
      maturity_at: 1_800_000_060_000,
      max_age_ms: 10_000,
      settle_price: '99000',
      settle_price_at: 1_800_000_059_500,
      settle_source: 'simulated',
      result: 'completed',
      paid_currency: 'BTC',
      payout,
    },
  });
  const view = (input: RecordInput) => {
    const [c] = chainRecords(sha256, { seq: 0, hash: GENESIS_HASH }, [input]);
    return { ...c!, kind: input.kind, pair: input.pair, at: input.at, ref: input.ref };
  };

  it('says the outcome matches, or names the field that does not', () => {
    expect(recheckOf(view(dual('0.1007')))).toEqual({ ok: true, mismatches: [] });
    expect(recheckOf(view(dual('0.2')))).toEqual({ ok: false, mismatches: ['payout'] });
  });

  it('knows which fields are times', () => {
    expect(isTimeField('settle_price_at', 1_800_000_059_500)).toBe(true);
    expect(isTimeField('first_day', 1_800_000_000_000)).toBe(true);
    expect(isTimeField('lock_days', 5)).toBe(false);
    expect(isTimeField('max_age_ms', 1_800_000_000_000)).toBe(false);
  });
});
