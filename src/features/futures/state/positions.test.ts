import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Position } from '@contract/futures';
import { openDatabase, type AppDatabase } from '@/lib/db';
import { readPositions, storePositions } from './positions';

let db: AppDatabase;
let n = 0;

beforeEach(async () => {
  db = openDatabase(`futures-test-${++n}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

const position = (id: number, patch: Partial<Position> = {}): Position => ({
  id,
  symbol: 'BTC/USDT',
  currency_id: 1,
  legal_id: 3,
  type: 1,
  order_type: 1,
  status: 'open',
  price: '20000',
  target_price: null,
  update_price: '20000',
  share: 10,
  number: '0.01',
  multiple: 20,
  caution_money: '10',
  trade_fee: '0.1',
  open_fee: '0.1',
  close_fee: '0',
  overnight_money: '0',
  target_profit_price: null,
  stop_loss_price: null,
  trail_percent: null,
  trail_distance: null,
  trail_best_price: null,
  trail_trigger_price: null,
  liquidation_price: '19100',
  maintenance_margin: '1',
  profits: '0',
  hazard_rate: '1000',
  transaction_time: new Date(Date.UTC(2026, 10, 22, 0, id)).toISOString(),
  created_at: new Date(Date.UTC(2026, 10, 22, 0, id)).toISOString(),
  close_price: null,
  close_time: null,
  close_price_at: null,
  close_source: null,
  close_reason: null,
  closed_after_restart: false,
  returned: null,
  ...patch,
});

describe('futures positions in the offline store', () => {
  it('reads current (pending and open) and history apart, newest first, per user and pair', async () => {
    await storePositions(
      7,
      'current',
      [position(1), position(2, { status: 'pending' }), position(3, { symbol: 'ETH/USDT' })],
      null,
      1000,
      db,
    );
    await storePositions(
      7,
      'history',
      [position(4, { status: 'closed' }), position(5, { status: 'cancelled' })],
      null,
      1000,
      db,
    );
    await storePositions(8, 'current', [position(6)], null, 1000, db);

    expect((await readPositions(db, 7, 'current')).map((p) => p.id)).toEqual([3, 2, 1]);
    expect((await readPositions(db, 7, 'current', 'BTC/USDT')).map((p) => p.id)).toEqual([2, 1]);
    expect((await readPositions(db, 7, 'history')).map((p) => p.id)).toEqual([5, 4]);
    expect((await readPositions(db, 8, 'current')).map((p) => p.id)).toEqual([6]);
    expect((await db.leverPositions.get([7, 1]))?.savedAt).toBe(1000);
  });

  it("page 1 replaces the list's rows of its scope; a closed position leaves the current list", async () => {
    await storePositions(7, 'current', [position(1), position(2), position(3, { symbol: 'ETH/USDT' })], null, 1000, db);
    // Position 1 closed: BTC/USDT's current list now holds only 2; ETH/USDT's row stays.
    await storePositions(7, 'current', [position(2)], 'BTC/USDT', 2000, db);
    await storePositions(7, 'history', [position(1, { status: 'closed' })], 'BTC/USDT', 2000, db);
    expect((await readPositions(db, 7, 'current')).map((p) => p.id)).toEqual([3, 2]);
    expect((await readPositions(db, 7, 'history')).map((p) => [p.id, p.status])).toEqual([[1, 'closed']]);
    // A later page adds without removing.
    await storePositions(7, 'history', [position(0, { status: 'closed' })], undefined, 3000, db);
    expect((await readPositions(db, 7, 'history')).map((p) => p.id)).toEqual([1, 0]);
  });
});
