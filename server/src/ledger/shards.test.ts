import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client';
import { ledgerAccounts } from '../db/schema/index';
import { exchange } from '../products/wallet/moves';
import { fixedPrices } from '../market/prices';
import { testDatabases } from '../testing/databases';
import { describeEachDatabase } from '../testing/suite';
import {
  balances,
  checkInvariants,
  inTransaction,
  LedgerError,
  Money,
  post,
  SYSTEM_SHARDS,
  systemAccount,
  systemBalance,
} from './index';
import { deposit, insertLedgerUser } from '../testing/ledger';

const USDT = 3;
const BTC = 1;
const prices = fixedPrices({ [BTC]: '50000' });
const buyBtc = { number: '100', from_currency_id: USDT, to_currency_id: BTC };

async function funded(db: Db): Promise<number> {
  const u = await insertLedgerUser(db);
  await deposit(db, u, USDT, '1000');
  return u;
}

/** A user on the same shard as `other` (ids are consecutive, so at most SYSTEM_SHARDS tries). */
async function sameShardAs(db: Db, other: number): Promise<number> {
  for (;;) {
    const u = await funded(db);
    if (u % SYSTEM_SHARDS === other % SYSTEM_SHARDS) return u;
  }
}

const systemRows = (db: Db, owner: string, currencyId: number) =>
  db
    .select({ shard: ledgerAccounts.shard, available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.owner, owner), eq(ledgerAccounts.currencyId, currencyId)));

describeEachDatabase('system account shards', ({ database }) => {
  const db = () => database().db;

  it("posts each user's house and fee entries on the user's shard and reports the sum of the shards", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => funded(db())));
    const before = { house: await systemBalance(db(), 'house', BTC), fees: await systemBalance(db(), 'fees', BTC) };
    const results = await Promise.all(
      users.map((u) => inTransaction(db(), (tx) => exchange(tx, u, prices, buyBtc, new Date()))),
    );

    const houseShards = new Set((await systemRows(db(), 's:house', BTC)).map((r) => r.shard));
    expect(houseShards).toEqual(new Set(users.map((u) => u % SYSTEM_SHARDS)));
    const feeShards = new Set((await systemRows(db(), 's:fees', BTC)).map((r) => r.shard));
    expect(feeShards).toEqual(houseShards);

    const total = (k: 'gross' | 'fee' | 'received') => results.reduce((s, r) => s.plus(r[k]), new Money(0)).toFixed();
    const after = { house: await systemBalance(db(), 'house', BTC), fees: await systemBalance(db(), 'fees', BTC) };
    expect(new Money(before.house.available).minus(after.house.available).toFixed()).toBe(total('gross'));
    expect(new Money(after.fees.available).minus(before.fees.available).toFixed()).toBe(total('fee'));
    const userBtc = (await Promise.all(users.map((u) => balances(db(), u)))).flat().filter((b) => b.currencyId === BTC);
    expect(userBtc.reduce((s, b) => s.plus(b.available), new Money(0)).toFixed()).toBe(total('received'));
    expect(await checkInvariants(db())).toMatchObject({ ok: true, problems: [] });
  });

  it('takes an explicit shard as given and refuses one that does not exist', async () => {
    const to = (shard: number) =>
      inTransaction(db(), (tx) =>
        post(tx, {
          kind: 'deposit',
          userId: null,
          entries: [
            { account: systemAccount('external_deposits', USDT), amount: '-1' },
            { account: systemAccount('insurance', USDT, shard), amount: '1' },
          ],
        }),
      );
    const posted = await to(SYSTEM_SHARDS - 1);
    expect(posted.entries[1]!.account).toEqual({ system: 'insurance', currencyId: USDT, shard: SYSTEM_SHARDS - 1 });
    await expect(to(SYSTEM_SHARDS)).rejects.toBeInstanceOf(LedgerError);
    await expect(
      inTransaction(db(), (tx) =>
        post(tx, {
          kind: 'deposit',
          entries: [
            { account: systemAccount('external_deposits', USDT, 1), amount: '-1' },
            { account: systemAccount('insurance', USDT), amount: '1' },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
    expect((await systemBalance(db(), 'insurance', USDT)).available).toBe('1');
  });
});

/** PostgreSQL's error code, which drizzle keeps on the `cause` of its query error. */
function sqlState(err: unknown): unknown {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ('code' in e) return e.code;
  }
  return undefined;
}

// Waiting on a lock needs two connections at once, which only PostgreSQL has (PGlite runs one
// transaction at a time), so this part exists where the suite runs on PostgreSQL.
for (const tdb of testDatabases().filter((d) => d.name === 'postgres')) {
  describe(`system account shards under concurrency [${tdb.name}]`, () => {
    /**
     * Runs `first`'s exchange and keeps its transaction open (its row locks held) while `second`
     * exchanges with a short lock timeout: waiting on a row `first` locked fails with 55P03.
     */
    async function whileHeld(database: Database, first: number, second: number) {
      let locked!: () => void;
      let finish!: () => void;
      const inside = new Promise<void>((r) => (locked = r));
      const release = new Promise<void>((r) => (finish = r));
      const holder = database.db.transaction(async (tx) => {
        await exchange(tx, first, prices, buyBtc, new Date());
        locked();
        await release;
      });
      await inside;
      const other = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL lock_timeout = '500ms'`);
          return exchange(tx, second, prices, buyBtc, new Date());
        })
        .then(
          () => 'posted',
          (err: unknown) => (sqlState(err) === '55P03' ? 'lock timeout' : err),
        );
      const outcome = await other;
      finish();
      await holder;
      return outcome;
    }

    it("posts an exchange while another user's exchange holds its locks; same-shard ones queue", async () => {
      const database = await tdb.open();
      try {
        const a = await funded(database.db);
        const b = await funded(database.db);
        expect(await whileHeld(database, a, b)).toBe('posted');
        const c = await sameShardAs(database.db, a);
        expect(await whileHeld(database, a, c)).toBe('lock timeout');
        expect(await checkInvariants(database.db)).toMatchObject({ ok: true, problems: [] });
      } finally {
        await database.close();
      }
    });
  });
}
