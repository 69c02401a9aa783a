import { describe, expect, it } from 'vitest';
import { leafBody, parseLeaf } from '@contract/domain/settlement-chain';
import { orderLeaf, orderLeafBody, settlementRecords } from './records';
import type { Due, Settlement } from './settle';

const due = (id: number, over: Partial<Due> = {}): Due => ({
  id,
  userId: 40 + id,
  pairId: 1,
  currencyId: 3,
  type: 1,
  stake: '10.000000000000000000',
  ratio: '0.200000000000000000',
  openPrice: '100.5',
  openAt: 1_800_000_000_000,
  openSource: 'simulated',
  endAt: 1_800_000_030_000,
  holdId: null,
  ...over,
});
const win: Settlement = {
  result: 'win',
  endPrice: '101',
  endAt: 1_800_000_029_800,
  endSource: 'binance',
  payout: '12',
  profit: '2',
  kind: 'micro_settle',
};
const void_: Settlement = {
  result: 'void',
  endPrice: null,
  endAt: null,
  endSource: null,
  payout: '10',
  profit: '0',
  kind: 'micro_refund',
};

describe('seconds settlement record', () => {
  it('writes each leaf as the canonical encoder does, nulls and both directions included', () => {
    for (const [r, g] of [
      [due(7), win],
      [due(8, { type: 2, pairId: 2, openSource: 'okx' }), void_],
    ] as const) {
      const body = orderLeafBody(r, g, 'BTC/USDT', 1_800_000_031_000, 5000);
      expect(body).toBe(leafBody(orderLeaf(r, g, 'BTC/USDT', 1_800_000_031_000, 5000)));
      expect(parseLeaf(body)).toMatchObject({ ref: `seconds:${r.id}`, data: { order_id: r.id, result: g.result } });
    }
  });

  it('makes one record per pair of the batch, its leaves in the batch order', () => {
    const orders = [due(1), due(2, { pairId: 2 }), due(3), due(4, { pairId: 2 }), due(5)];
    const records = settlementRecords(orders, [1, 2, 1, 1, 2], [win, void_], {
      at: new Date(1_800_000_031_000),
      staleMs: 5000,
    });
    expect(records.map((r) => [r.ref, r.data.orders, r.leaves!.map((l) => l.ref)])).toEqual([
      ['seconds_batch:1', 3, ['seconds:1', 'seconds:3', 'seconds:5']],
      ['seconds_batch:2', 2, ['seconds:2', 'seconds:4']],
    ]);
    expect(parseLeaf(records[0]!.leaves![2]!.body)!.data.result).toBe('void');
  });
});
