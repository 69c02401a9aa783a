import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import * as dual from '@contract/invest';
import * as ieo from '@contract/ieo';
import * as lever from '@contract/futures';
import * as lock from '@contract/lockming';
import * as wallet from '@contract/wallet';
import { deposit } from '../../testing/ledger';
import { registerUser } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/app';
import { DAY, HOUR, MINUTE } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { adminUser } from '../../testing/fund';
import { pushFeed, tick } from '../../testing/trade';
import { callWithKey, okOf } from '../../testing/wallet';

const BTC = 1;
const USDT = 3;
const ATOM = 16;
const AAPL = 101;
/** A Tuesday at 10:00 in New York: the stock market is open. */
const START = Date.UTC(2033, 2, 1, 15);

const holdingsOf = async (t: TestApp, token: string) =>
  okOf(wallet.walletHoldings, (await t.call(wallet.walletHoldings, {}, { token, lang: 'en' })).body);
const byKey = (reply: wallet.Holding[]) => Object.fromEntries(reply.map((h) => [h.key, h]));
const ok = async <E extends Parameters<typeof okOf>[0]>(e: E, t: TestApp, token: string, body: object) =>
  okOf(e, (await callWithKey(t, e, { lang: 'en', ...body }, { token, key: randomUUID() })).body);

async function ieoProject(t: TestApp, admin: string, endAt: number) {
  const now = t.clock.now().getTime();
  const body = { name: 'Round', coin_id: ATOM, pay_currency: USDT, price: '2', total: '100' };
  const terms = { min_amount: '1', max_amount: '100', start_at: now - MINUTE, end_at: endAt, lock_days: 30 };
  return okOf(ieo.adminProjectSave, (await t.call(ieo.adminProjectSave, { ...body, ...terms }, { token: admin })).body);
}

const subscribe = (t: TestApp, token: string, p: ieo.IeoProject, amount: string) =>
  ok(ieo.projectOrder, t, token, { project_id: p.id, amount, pay_currency: USDT, price: p.price });

describeEachDatabase('wallet holdings per product', ({ database }) => {
  it("values each product's holdings at the feed's price, for the signed-in user only", async () => {
    const feed = pushFeed();
    const t = await createTestApp(database(), { market: { manual: true, feed } });
    try {
      t.clock.set(new Date(START));
      await t.app.ctx.scheduler.runDue();
      const boss = await adminUser(t);
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      const db = t.app.ctx.db;
      await deposit(db, alice.user.id, USDT, '1000', 'change');
      await deposit(db, bob.user.id, USDT, '1000', 'change');

      // IEO: 10 ATOM passed and paid (20 USDT), waiting 30 days for the credit; then 5 more
      // applied for in a second round, its 10 USDT held until that round ends.
      const first = await ieoProject(t, boss.token, START + HOUR);
      await subscribe(t, alice.token, first, '10');
      t.clock.set(new Date(START + 2 * HOUR));
      await t.app.ctx.scheduler.runDue();
      await subscribe(t, alice.token, await ieoProject(t, boss.token, START + DAY), '5');

      // Lock mining: 500 USDT locked for alice, 200 for bob.
      const products = okOf(lock.lockConfig, (await t.call(lock.lockConfig)).body);
      const fiveDays = products.find((p) => p.days === 5)!;
      await ok(lock.lockDeposit, t, alice.token, { config_id: fiveDays.id, amount: '500' });
      await ok(lock.lockDeposit, t, bob.token, { config_id: fiveDays.id, amount: '200' });

      // Dual invest: 3 shares of 0.01 BTC.
      await tick(t, feed, 'BTC/USDT', '20000');
      await deposit(db, alice.user.id, BTC, '1', 'change');
      const sale = { currency_id: BTC, price_per_share: '0.01', apr: '0.365', linked_price: '100000' };
      const terms = { holding_days: 7, sale_ends_at: t.clock.now().getTime() + HOUR, total_shares: 100 };
      const product = okOf(
        dual.adminDualSave,
        (await t.call(dual.adminDualSave, { ...sale, ...terms }, { token: boss.token, lang: 'en' })).body,
      );
      await ok(dual.buyDual, t, alice.token, { id: product.id, num: 3 });

      // Futures: 1 BTC long at 20,000 with 50x (margin 400, fee 10) from 1,000 USDT.
      await deposit(db, alice.user.id, USDT, '1000', 'lever');
      await ok(lever.leverSubmit, t, alice.token, {
        currency_id: BTC,
        legal_id: USDT,
        share: 1000,
        multiple: 50,
        status: 1,
        type: 1,
      });

      // Stocks: 3 AAPL in the exchange account.
      await deposit(db, alice.user.id, AAPL, '3', 'change');
      await tick(t, feed, 'AAPL/USD', '228.5');
      await tick(t, feed, 'ATOM/USDT', '3');
      await tick(t, feed, 'BTC/USDT', '20100');

      const reply = await holdingsOf(t, alice.token);
      expect(reply.priced_at).toBe(t.clock.now().getTime());
      const h = byKey(reply.holdings);
      const usdt = (key: string, amount: string, value = amount) => ({
        key,
        currency_name: 'USDT',
        amount,
        usdt_value: value,
      });
      expect(h.futures).toEqual({
        key: 'futures',
        offered: true,
        used: true,
        usdt_value: '1090',
        in_accounts: '990',
        parts: [usdt('balance', '590'), usdt('margin', '400'), usdt('pnl', '100')],
      });
      expect(h.lock).toMatchObject({
        used: true,
        usdt_value: '500',
        in_accounts: '500',
        parts: [usdt('principal', '500')],
      });
      expect(h.dual).toMatchObject({
        used: true,
        usdt_value: '603',
        in_accounts: '603',
        parts: [{ key: 'invested', currency_name: 'BTC', amount: '0.03', usdt_value: '603' }],
      });
      expect(h.ieo).toMatchObject({
        used: true,
        usdt_value: '40',
        in_accounts: '10',
        parts: [usdt('payment', '10'), { key: 'to_credit', currency_name: 'ATOM', amount: '10', usdt_value: '30' }],
      });
      expect(h.stock).toMatchObject({
        used: true,
        usdt_value: '685.5',
        in_accounts: '0',
        parts: [{ key: 'position', currency_name: 'AAPL', amount: '3', usdt_value: '685.5' }],
      });
      expect(h.margin).toEqual({
        key: 'margin',
        offered: false,
        used: false,
        usdt_value: '0',
        in_accounts: '0',
        parts: [],
      });
      // Unrealised profit 100 + ATOM to credit 30 + AAPL 685.5: what the accounts do not count.
      expect(reply.usdt_outside_accounts).toBe('815.5');

      // Bob sees his own deposit and nothing of alice's.
      const other = byKey((await holdingsOf(t, bob.token)).holdings);
      expect(other.lock).toMatchObject({ used: true, usdt_value: '200', parts: [usdt('principal', '200')] });
      for (const key of ['futures', 'dual', 'ieo', 'stock'] as const) {
        expect(other[key]).toMatchObject({
          used: false,
          usdt_value: '0',
          parts: key === 'futures' ? expect.any(Array) : [],
        });
      }
      expect(other.futures!.parts.map((p) => p.amount)).toEqual(['0', '0', '0']);
      expect((await t.call(wallet.walletHoldings, {})).body.type).toBe('999');
    } finally {
      await t.close();
    }
  });

  it('answers a burst of reads while deposits land: each reply whole, every user only their own', async () => {
    const t = await createTestApp(database(), { market: { manual: true, feed: pushFeed() } });
    try {
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      await deposit(t.app.ctx.db, alice.user.id, USDT, '1000', 'change');
      await deposit(t.app.ctx.db, bob.user.id, USDT, '1000', 'change');
      const fiveDays = okOf(lock.lockConfig, (await t.call(lock.lockConfig)).body).find((p) => p.days === 5)!;
      await ok(lock.lockDeposit, t, bob.token, { config_id: fiveDays.id, amount: '150' });
      const retried = randomUUID();
      const lockHundred = (key: string) =>
        callWithKey(
          t,
          lock.lockDeposit,
          { lang: 'en', config_id: fiveDays.id, amount: '100' },
          { token: alice.token, key },
        );
      const deposits = [
        ...Array.from({ length: 5 }, () => lockHundred(randomUUID())),
        lockHundred(retried),
        lockHundred(retried),
      ];
      const reads = Array.from({ length: 30 }, (_, i) =>
        holdingsOf(t, i % 3 ? alice.token : bob.token).then((r) => ({ i, r })),
      );
      const [, replies] = await Promise.all([Promise.all(deposits), Promise.all(reads)]);
      for (const { i, r } of replies) {
        const principal = Number(byKey(r.holdings).lock!.usdt_value);
        if (i % 3) expect([0, 100, 200, 300, 400, 500, 600]).toContain(principal);
        else expect(principal).toBe(150);
      }
      expect(byKey((await holdingsOf(t, alice.token)).holdings).lock!.usdt_value).toBe('600');
    } finally {
      await t.close();
    }
  });
});
