import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/db';
import { readHoldings, storeHoldings } from './index';

let n = 0;
const database = openDatabase(`holdings-${++n}`);
afterEach(async () => {
  await database.finance.clear();
});

const row = (id: number, state: string, createdAt: number) => ({ id, state, createdAt, data: { id, state } });

describe('finance holdings store', () => {
  it('reads one product and its states, newest first, per user', async () => {
    await storeHoldings(database, 1, 'lock', [
      row(1, 'in_progress', 10),
      row(2, 'in_progress', 20),
      row(3, 'redeemed', 30),
    ]);
    await storeHoldings(database, 1, 'dual', [row(1, 'purchased', 40)]);
    await storeHoldings(database, 2, 'lock', [row(9, 'in_progress', 50)]);
    const rows = await readHoldings(database, 1, 'lock', ['in_progress']);
    expect(rows.map((r) => r.id)).toEqual([2, 1]);
    expect((await readHoldings(database, 1, 'lock', ['in_progress', 'redeemed'])).map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('page 1 replaces the stored rows of its states only, and a row that changed state moves', async () => {
    await storeHoldings(database, 1, 'lock', [
      row(1, 'in_progress', 10),
      row(2, 'in_progress', 20),
      row(3, 'redeemed', 5),
    ]);
    await storeHoldings(database, 1, 'lock', [row(2, 'redeemed', 20)], { replace: ['redeemed'] });
    expect((await readHoldings(database, 1, 'lock', ['in_progress'])).map((r) => r.id)).toEqual([1]);
    expect((await readHoldings(database, 1, 'lock', ['redeemed'])).map((r) => r.id)).toEqual([2]);
    await storeHoldings(database, 1, 'lock', [], { replace: ['in_progress'] });
    expect(await readHoldings(database, 1, 'lock', ['in_progress'])).toEqual([]);
  });

  it('records when each row was fetched', async () => {
    await storeHoldings(database, 1, 'ieo', [row(1, 'applied', 1)], { now: 1234 });
    expect((await readHoldings(database, 1, 'ieo', ['applied']))[0]?.savedAt).toBe(1234);
  });
});
