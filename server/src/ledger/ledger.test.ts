import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../testing/suite';
import { AppError } from '../errors';
import {
  balanceOf,
  checkInvariants,
  hold,
  inTransaction,
  LedgerError,
  post,
  postHold,
  releaseHold,
  systemAccount,
  systemBalance,
  userAccount,
} from './index';
import { deposit, insertLedgerUser } from '../testing/ledger';

const USDT = 3;
const BTC = 1;

describeEachDatabase('ledger', ({ database }) => {
  const db = () => database().db;

  it('posts balanced transactions and keeps balances equal to the entries', async () => {
    const a = await insertLedgerUser(db());
    const b = await insertLedgerUser(db());
    await deposit(db(), a, USDT, '100.5');
    const posted = await inTransaction(db(), (tx) =>
      post(tx, {
        kind: 'transfer',
        entries: [
          { account: userAccount(a, USDT, 'legal'), amount: '-40.25' },
          { account: userAccount(b, USDT, 'change'), amount: '40.25' },
        ],
      }),
    );
    expect(posted.entries.map((e) => e.balanceAfter)).toEqual(['60.25', '40.25']);
    expect(await balanceOf(db(), a, USDT, 'legal')).toEqual({ available: '60.25', held: '0' });
    expect(await balanceOf(db(), b, USDT, 'change')).toEqual({ available: '40.25', held: '0' });
    expect(await checkInvariants(db())).toMatchObject({ ok: true, problems: [] });
  });

  it('refuses unbalanced, zero and unstorable entries as bugs, overdrafts as insufficient_balance', async () => {
    const a = await insertLedgerUser(db());
    await deposit(db(), a, USDT, '10');
    const attempt = (entries: Parameters<typeof post>[1]['entries']) =>
      inTransaction(db(), (tx) => post(tx, { kind: 'transfer', entries }));
    await expect(
      attempt([
        { account: userAccount(a, USDT, 'legal'), amount: '-1' },
        { account: userAccount(a, BTC, 'legal'), amount: '1' },
      ]),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      attempt([
        { account: userAccount(a, USDT, 'legal'), amount: '0' },
        { account: userAccount(a, USDT, 'change'), amount: '0' },
      ]),
    ).rejects.toBeInstanceOf(LedgerError);
    await expect(
      attempt([
        { account: userAccount(a, USDT, 'legal'), amount: '-0.0000000000000000001' },
        { account: userAccount(a, USDT, 'change'), amount: '0.0000000000000000001' },
      ]),
    ).rejects.toThrow(RangeError);
    const overdraft = attempt([
      { account: userAccount(a, USDT, 'legal'), amount: '-10.000000000000000001' },
      { account: userAccount(a, USDT, 'change'), amount: '10.000000000000000001' },
    ]);
    await expect(overdraft).rejects.toBeInstanceOf(AppError);
    await expect(overdraft).rejects.toMatchObject({ key: 'insufficient_balance' });
    expect(await balanceOf(db(), a, USDT, 'legal')).toEqual({ available: '10', held: '0' });
    expect((await checkInvariants(db())).ok).toBe(true);
  });

  it('holds, releases and posts holds; a hold is closed only once', async () => {
    const a = await insertLedgerUser(db());
    const acct = userAccount(a, BTC, 'legal');
    await deposit(db(), a, BTC, '2');
    const h1 = await inTransaction(db(), (tx) => hold(tx, { account: acct, amount: '0.5', kind: 'withdrawal_hold' }));
    const h2 = await inTransaction(db(), (tx) => hold(tx, { account: acct, amount: '1.2' }));
    expect(await balanceOf(db(), a, BTC, 'legal')).toEqual({ available: '0.3', held: '1.7' });
    await expect(inTransaction(db(), (tx) => hold(tx, { account: acct, amount: '0.31' }))).rejects.toMatchObject({
      key: 'insufficient_balance',
    });
    await inTransaction(db(), (tx) => releaseHold(tx, h1.holdId, { reason: 'rejected' }));
    await expect(inTransaction(db(), (tx) => releaseHold(tx, h1.holdId))).rejects.toBeInstanceOf(LedgerError);
    const before = await systemBalance(db(), 'external_withdrawals', BTC);
    await inTransaction(db(), (tx) =>
      postHold(tx, h2.holdId, {
        kind: 'withdrawal',
        to: [
          { account: systemAccount('external_withdrawals', BTC), amount: '1.1995' },
          { account: systemAccount('fees', BTC), amount: '0.0005' },
        ],
      }),
    );
    await expect(
      inTransaction(db(), (tx) =>
        postHold(tx, h2.holdId, { to: [{ account: systemAccount('fees', BTC), amount: '1.2' }] }),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
    expect(await balanceOf(db(), a, BTC, 'legal')).toEqual({ available: '0.8', held: '0' });
    const after = await systemBalance(db(), 'external_withdrawals', BTC);
    expect(Number(after.available) - Number(before.available)).toBeCloseTo(1.1995, 10);
    expect((await checkInvariants(db())).ok).toBe(true);
  });

  it('refuses to post a hold to amounts that do not add up to it', async () => {
    const a = await insertLedgerUser(db());
    await deposit(db(), a, USDT, '5');
    const h = await inTransaction(db(), (tx) => hold(tx, { account: userAccount(a, USDT, 'legal'), amount: '5' }));
    await expect(
      inTransaction(db(), (tx) =>
        postHold(tx, h.holdId, { to: [{ account: systemAccount('fees', USDT), amount: '4' }] }),
      ),
    ).rejects.toBeInstanceOf(LedgerError);
    expect(await balanceOf(db(), a, USDT, 'legal')).toEqual({ available: '0', held: '5' });
  });

  it('lets exactly 50 of 100 concurrent holds through on an account that affords 50', async () => {
    const a = await insertLedgerUser(db());
    const acct = userAccount(a, USDT, 'legal');
    await deposit(db(), a, USDT, '50');
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => inTransaction(db(), (tx) => hold(tx, { account: acct, amount: '1' }))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(50);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ key: 'insufficient_balance' });
    expect(await balanceOf(db(), a, USDT, 'legal')).toEqual({ available: '0', held: '50' });
    expect((await checkInvariants(db())).ok).toBe(true);
  });

  it('reports tampering: a stored balance that differs from its entries, an unbalanced transaction', async () => {
    const a = await insertLedgerUser(db());
    await deposit(db(), a, USDT, '7');
    await db().execute(sql`UPDATE ledger_accounts SET available = available + 1 WHERE owner = ${`u:${a}`}`);
    const report = await checkInvariants(db());
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(/stores 8\.0+\/0\.0+ but its entries sum to 7/);
    await db().execute(sql`UPDATE ledger_accounts SET available = available - 1 WHERE owner = ${`u:${a}`}`);
    await db().execute(sql`UPDATE ledger_entries SET amount = amount + 1, balance_after = balance_after + 1
      WHERE id = (SELECT max(e.id) FROM ledger_entries e JOIN ledger_accounts x ON x.id = e.account_id WHERE x.owner = ${`u:${a}`})`);
    const second = await checkInvariants(db());
    expect(second.problems.join('\n')).toMatch(/does not balance/);
    // Repair, so later tests on this database start from a consistent ledger.
    await db().execute(sql`UPDATE ledger_entries SET amount = amount - 1, balance_after = balance_after - 1
      WHERE id = (SELECT max(e.id) FROM ledger_entries e JOIN ledger_accounts x ON x.id = e.account_id WHERE x.owner = ${`u:${a}`})`);
    expect((await checkInvariants(db())).ok).toBe(true);
  });
});
