import { afterEach, expect, test } from 'vitest';
import type { MicroOrder } from '@contract/seconds';
import { db } from '@/lib/db';
import { storeMicroOrders } from './orders';

afterEach(() => db.microOrders.clear());

const order = (id: number, match_id: number, patch: Partial<MicroOrder> = {}): MicroOrder => ({
  id,
  symbol: match_id === 1 ? 'BTC/USDT' : 'ETH/USDT',
  match_id,
  currency_id: 3,
  currency_name: 'USDT',
  type: 1,
  seconds: 30,
  number: '50',
  profit_ratio: '0.2',
  open_price: '100',
  open_price_at: 1_000,
  open_source: 'simulated',
  end_at: 31_000,
  end_price: null,
  end_price_at: null,
  end_source: null,
  status: 'holding',
  result: null,
  profit: null,
  payout: null,
  remaining_ms: 30_000,
  created_at: 1_000 + id,
  settled_at: null,
  ...patch,
});

const rows = (uid: number) => db.microOrders.where('[uid+id]').between([uid, 0], [uid, Infinity]).toArray();

test('a settled order moves from holding to history, with the time its copy arrived', async () => {
  await storeMicroOrders(7, 'holding', [order(1, 1), order(2, 1)], { matchId: undefined }, 5_000);
  expect((await rows(7)).map((r) => [r.id, r.state, r.savedAt])).toEqual([
    [1, 'holding', 5_000],
    [2, 'holding', 5_000],
  ]);
  const settled = order(1, 1, {
    status: 'settled',
    result: 'win',
    end_price: '101',
    end_price_at: 31_000,
    end_source: 'simulated',
    profit: '10',
    payout: '60',
    remaining_ms: 0,
    settled_at: 31_400,
  });
  await storeMicroOrders(7, 'history', [settled], null, 32_000);
  expect((await rows(7)).map((r) => [r.id, r.state])).toEqual([
    [1, 'history'],
    [2, 'holding'],
  ]);
});

test("a first page replaces only its own pair's rows of that list, and never another user's", async () => {
  await storeMicroOrders(7, 'holding', [order(1, 1), order(2, 2)], null);
  await storeMicroOrders(8, 'holding', [order(1, 1)], null);
  // The server now lists no holding order on pair 1 for user 7.
  await storeMicroOrders(7, 'holding', [], { matchId: 1 });
  expect((await rows(7)).map((r) => r.id)).toEqual([2]);
  expect((await rows(8)).map((r) => r.id)).toEqual([1]);
});
