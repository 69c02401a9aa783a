import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, type AppDatabase, type OrderRow } from '@/lib/db';
import { clearListRows } from './index';

let db: AppDatabase;
let n = 0;

beforeEach(async () => {
  db = openDatabase(`paging-test-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

const row = (uid: number, id: number, state: OrderRow['state'], symbol: string): OrderRow => ({
  uid,
  id,
  state,
  symbol,
  createdAt: 1_700_000_000_000 + id,
  data: { id },
});

it("deletes only the user's rows of the given states that the filter covers", async () => {
  await db.orders.bulkPut([
    row(1, 1, 'in_progress', 'BTC/USDT'),
    row(1, 2, 'in_progress', 'ETH/USDT'),
    row(1, 3, 'complete', 'BTC/USDT'),
    row(2, 4, 'in_progress', 'BTC/USDT'),
  ]);
  await clearListRows(db.orders, 1, ['in_progress'], (r) => r.symbol === 'BTC/USDT');
  const left = await db.orders.toArray();
  expect(left.map((r) => r.id).sort()).toEqual([2, 3, 4]);

  await clearListRows(db.orders, 1, ['in_progress', 'complete'], () => true);
  expect((await db.orders.toArray()).map((r) => r.id)).toEqual([4]);
});
