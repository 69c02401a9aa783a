import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as dual from '@contract/invest';
import { rows } from '../../db/rows';
import type { Db } from '../../db/client';
import { balanceOf, checkInvariants, inTransaction, money } from '../../ledger/index';
import { partyHash } from '../../settlement-record/index';
import { registerUser } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/app';
import { DAY, MINUTE, SECOND } from '../../testing/clock';
import { adminUser } from '../../testing/fund';
import { recordsNamed, refuseRecords, settlementOf, verifiedChain } from '../../testing/records';
import { describeEachDatabase } from '../../testing/suite';
import { fundChange, pushFeed } from '../../testing/trade';
import { callWithKey, okOf } from '../../testing/wallet';
import { DUAL_DEMO_PRODUCTS_JOB, DUAL_SETTLE_JOB } from './runtime';
import { settleDue } from './settle';

const BTC = 1;
const USDT = 3;

let era = 0;
const ERA_START = Date.UTC(2036, 5, 1);

type Feed = ReturnType<typeof pushFeed>;

async function tick(t: TestApp, f: Feed, price: string) {
  f.push({ kind: 'trade', symbol: 'BTC/USDT', price, amount: '1', direction: 'buy', ts: t.clock.now().getTime() });
  await t.app.ctx.market.pump();
  await t.app.ctx.priceRecord.history.idle();
}

/** A product on these terms (1 day, 36.5 %, linked 100,000, 0.01 BTC a share) sold to `token` for `num` shares. */
async function bought(t: TestApp, adminToken: string, token: string, num: number) {
  const p = okOf(
    dual.adminDualSave,
    (
      await t.call(
        dual.adminDualSave,
        {
          currency_id: BTC,
          price_per_share: '0.01',
          apr: '0.365',
          linked_price: '100000',
          holding_days: 1,
          sale_ends_at: t.clock.now().getTime() + 3_600_000,
          total_shares: 100,
        },
        { token: adminToken, lang: 'en' },
      )
    ).body,
  );
  const res = await callWithKey(t, dual.buyDual, { lang: 'en', id: p.id, num }, { token, key: randomUUID() });
  return { product: p, order: okOf(dual.buyDual, res.body) };
}

/** The ledger's moves of an order into the user's available balances, by currency. */
async function paidTo(db: Db, orderId: number, userId: number) {
  const moved = await rows<{ currency_id: number; amount: string }>(
    db,
    sql`SELECT e.currency_id, sum(e.amount)::text AS amount
      FROM ledger_transactions t JOIN ledger_entries e ON e.tx_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.kind IN ('dual_settle', 'dual_refund') AND (t.meta->>'dual_order_id')::bigint = ${orderId}
        AND a.user_id = ${userId} AND e.bucket = 'available'
      GROUP BY e.currency_id`,
  );
  return new Map(moved.map((m) => [Number(m.currency_id), money(m.amount).toFixed()]));
}

describeEachDatabase('dual invest settlement records', ({ database }) => {
  it('records each settlement once, in the coin, in USDT or failed, and the record recomputes to the ledger', async () => {
    const feed = pushFeed();
    const t = await createTestApp(database(), {
      market: { manual: true, feed },
      scheduler: { jobs: [DUAL_SETTLE_JOB, DUAL_DEMO_PRODUCTS_JOB] },
    });
    try {
      era += 1;
      t.clock.set(new Date(ERA_START + era * 30 * DAY));
      const boss = await adminUser(t);
      const alice = await registerUser(t);
      await fundChange(t, alice.token, '1', '0.5');
      await tick(t, feed, '100000');
      // Three products of one maturity, settled on one recorded price: below the linked price.
      const coin = await bought(t, boss.token, alice.token, 10);
      const maturity = coin.product.maturity_at;
      const db = t.app.ctx.db;
      const sweep = () =>
        inTransaction(db, (tx) =>
          settleDue(tx, {
            until: t.clock.now().getTime(),
            now: t.clock.now(),
            recordedThrough: (id) => t.app.ctx.priceRecord.history.recordedThrough(id),
          }),
        );
      t.clock.set(new Date(maturity - SECOND));
      await tick(t, feed, '99999.5');
      t.clock.set(new Date(maturity + 2 * SECOND));
      await tick(t, feed, '120000');
      t.clock.set(new Date(maturity + MINUTE));
      await tick(t, feed, '120000');
      const ref = `dual_invest:${coin.order.id}`;

      // Its record refused, nothing is settled: the order still waits, the coin still held.
      const refuse = await refuseRecords(db, 'dual_invest');
      try {
        await expect(sweep()).rejects.toThrow();
      } finally {
        await refuse();
      }
      expect(await recordsNamed(db, ref)).toEqual([]);
      expect(await balanceOf(db, alice.user.id, BTC, 'change')).toEqual({ available: '0.4', held: '0.1' });

      // Two sweeps at once: settled and recorded once.
      const runs = await Promise.all([sweep(), sweep()]);
      expect(runs.reduce((n, r) => n + r.completed, 0)).toBe(1);
      expect(await recordsNamed(db, ref)).toHaveLength(1);
      const { bodies } = await settlementOf(t, ref);
      expect(bodies[0]).toMatchObject({ pair: 'BTC/USDT', ref });
      expect(bodies[0]!.data).toMatchObject({
        owner: partyHash(alice.user.id, coin.order.id),
        direction: 'call',
        linked_price: '100000',
        settle_price: '99999.5',
        settle_price_at: maturity - SECOND,
        settle_source: 'simulated',
        result: 'completed',
        paid_currency: 'BTC',
        // 0.1 x (1 + 1 x 0.365 / 365) = 0.1001 BTC.
        payout: '0.1001',
      });
      expect(await paidTo(db, coin.order.id, alice.user.id)).toEqual(new Map([[BTC, '0.1001']]));

      // At the linked price: paid in USDT.
      const usdt = await bought(t, boss.token, alice.token, 5);
      t.clock.set(new Date(usdt.product.maturity_at - 2 * SECOND));
      await tick(t, feed, '100000');
      t.clock.set(new Date(usdt.product.maturity_at + MINUTE));
      await tick(t, feed, '100000');
      await t.app.ctx.scheduler.runDue();
      const inUsdt = (await settlementOf(t, `dual_invest:${usdt.order.id}`)).bodies[0]!.data;
      // 0.05 x 100,000 x 1.001 = 5,005 USDT.
      expect(inUsdt).toMatchObject({
        settle_price: '100000',
        result: 'completed',
        paid_currency: 'USDT',
        payout: '5005',
      });
      expect(await paidTo(db, usdt.order.id, alice.user.id)).toEqual(new Map([[USDT, '5005']]));

      // The feed silent for 30 s before maturity: failed, the principal back, the stale trade recorded.
      const none = await bought(t, boss.token, alice.token, 3);
      t.clock.set(new Date(none.product.maturity_at - 30 * SECOND));
      await tick(t, feed, '80000');
      t.clock.set(new Date(none.product.maturity_at + MINUTE));
      await tick(t, feed, '80000');
      await t.app.ctx.scheduler.runDue();
      const failed = (await settlementOf(t, `dual_invest:${none.order.id}`)).bodies[0]!.data;
      expect(failed).toMatchObject({
        settle_price: '80000',
        settle_price_at: none.product.maturity_at - 30 * SECOND,
        max_age_ms: dual.DUAL_PRICE_MAX_AGE_MS,
        result: 'failed',
        paid_currency: 'BTC',
        payout: '0.03',
      });
      expect(await paidTo(db, none.order.id, alice.user.id)).toEqual(new Map([[BTC, '0.03']]));

      // Later sweeps record nothing more.
      t.clock.set(new Date(none.product.maturity_at + DAY));
      await t.app.ctx.scheduler.runDue();
      for (const o of [coin, usdt, none]) expect(await recordsNamed(db, `dual_invest:${o.order.id}`)).toHaveLength(1);
      await verifiedChain(t);
      expect((await checkInvariants(database().db)).ok).toBe(true);
    } finally {
      await t.close();
    }
  });
});
