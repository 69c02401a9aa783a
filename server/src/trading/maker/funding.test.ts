import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/index';
import { inTransaction, post } from '../../ledger/index';
import { systemAccount } from '../../ledger/types';
import { testDatabases } from '../../testing/databases';
import { fundMaker } from './funding';

const BTC = 1;
const ETH = 2;
const USDT = 3;

/** The maker's available balance per currency, summed over its shards. */
async function makerBalances(database: Database): Promise<Record<number, string>> {
  const rows = await database.db
    .select({ currencyId: ledgerAccounts.currencyId, available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.owner, 's:maker'));
  const sums: Record<number, number> = {};
  for (const r of rows) sums[r.currencyId] = (sums[r.currencyId] ?? 0) + Number(r.available);
  return Object.fromEntries(Object.entries(sums).map(([id, v]) => [id, String(v)]));
}

for (const tdb of testDatabases()) {
  describe(`maker funding [${tdb.name}]`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await tdb.open();
    });
    afterAll(async () => {
      await database.close();
    });

    it('funds each currency once, whatever the maker traded since', async () => {
      const at = new Date('2026-04-10T08:00:00Z');
      expect(
        await fundMaker(
          database.db,
          new Map([
            [BTC, '2'],
            [USDT, '1000'],
          ]),
          at,
        ),
      ).toEqual([BTC, USDT]);
      expect(await makerBalances(database)).toEqual({ [BTC]: '2', [USDT]: '1000' });

      // The maker's own business moves its balances: not a funding, and no reason to fund again.
      await inTransaction(database.db, (tx) =>
        post(tx, {
          kind: 'order_fill',
          entries: [
            { account: systemAccount('maker', BTC), amount: '-1' },
            { account: systemAccount('house', BTC), amount: '1' },
          ],
        }),
      );
      expect(
        await fundMaker(
          database.db,
          new Map([
            [BTC, '2'],
            [USDT, '1000'],
          ]),
          at,
        ),
      ).toEqual([]);

      // A pair added later brings a currency that was never funded: only that one is.
      const later = new Map([
        [BTC, '2'],
        [ETH, '30'],
        [USDT, '1000'],
      ]);
      expect(await fundMaker(database.db, later, at)).toEqual([ETH]);
      expect(await makerBalances(database)).toEqual({ [BTC]: '1', [ETH]: '30', [USDT]: '1000' });
      expect(await fundMaker(database.db, later, at)).toEqual([]);
    });
  });
}
