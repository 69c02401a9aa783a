import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as dual from '@contract/invest';
import type { Database } from '../../db/client';
import { auditLog, dualProducts } from '../../db/schema/index';
import { balanceOf, checkInvariants, inTransaction, systemBalance } from '../../ledger/index';
import { registerUser } from '../../testing/accounts';
import { createTestApp, type TestApp } from '../../testing/app';
import { DAY, HOUR, MINUTE, SECOND } from '../../testing/clock';
import { describeEachDatabase } from '../../testing/suite';
import { adminUser } from '../../testing/fund';
import { fundChange, pushFeed } from '../../testing/trade';
import { callWithKey, okOf } from '../../testing/wallet';
import { DUAL_DEMO_PRODUCTS_JOB, DUAL_SETTLE_JOB } from './runtime';
import { settleDue } from './settle';

const BTC = 1;
const ETH = 2;
const error = (message: unknown) => ({ type: 'error', message });

/** Each test has its own days, later than the previous test's, so scheduled periods and records never mix. */
let era = 0;
const ERA_START = Date.UTC(2031, 5, 1);
function ownDays(...apps: TestApp[]): void {
  era += 1;
  for (const a of apps) a.clock.set(new Date(ERA_START + era * 30 * DAY));
}

/**
 * An app on the test's own feed that runs only dual investment's jobs: the tests move the clock by
 * days, over which every other product's hourly jobs would catch up hour by hour.
 */
const investApp = (db: Database, feed: ReturnType<typeof pushFeed>) =>
  createTestApp(db, { market: { manual: true, feed }, scheduler: { jobs: [DUAL_SETTLE_JOB, DUAL_DEMO_PRODUCTS_JOB] } });

/** The feed trades the pair at `price` now; the price record is written. */
async function tick(t: TestApp, f: ReturnType<typeof pushFeed>, price: string, symbol = 'BTC/USDT') {
  f.push({ kind: 'trade', symbol, price, amount: '1', direction: 'buy', ts: t.clock.now().getTime() });
  await t.app.ctx.market.pump();
  await t.app.ctx.priceRecord.history.idle();
}

/**
 * The feed trades at `price` one second before `maturity` and again after it; the clock then
 * passes the next minute's end, so the settlement sweep of that minute is due.
 */
async function matureAt(t: TestApp, f: ReturnType<typeof pushFeed>, maturity: number, price: string, symbol?: string) {
  t.clock.set(new Date(maturity - SECOND));
  await tick(t, f, price, symbol);
  t.clock.set(new Date(maturity + 2 * SECOND));
  await tick(t, f, '1', symbol);
  t.clock.set(new Date(Math.ceil((maturity + 1) / MINUTE) * MINUTE + SECOND));
  await tick(t, f, '1', symbol);
}

interface ProductInput {
  currency_id?: number;
  price_per_share?: string;
  apr?: string;
  linked_price?: string;
  holding_days?: number;
  sale_ends_at?: number;
  total_shares?: number;
  enabled?: boolean;
  id?: number;
}

async function saveProduct(t: TestApp, adminToken: string, p: ProductInput = {}) {
  const res = await t.call(
    dual.adminDualSave,
    {
      currency_id: BTC,
      price_per_share: '0.01',
      apr: '0.365',
      linked_price: '100000',
      holding_days: 7,
      sale_ends_at: t.clock.now().getTime() + 3_600_000,
      total_shares: 100,
      ...p,
    },
    { token: adminToken, lang: 'en' },
  );
  return res.body;
}

const newProduct = async (t: TestApp, adminToken: string, p: ProductInput = {}) =>
  okOf(dual.adminDualSave, await saveProduct(t, adminToken, p));

const buy = (t: TestApp, token: string, body: Record<string, unknown>, key = randomUUID()) =>
  callWithKey(t, dual.buyDual, { lang: 'en', ...body }, { token, key });

const orders = async (t: TestApp, token: string, state?: dual.DualState) =>
  okOf(dual.dualList, (await t.call(dual.dualList, state ? { state, limit: 100 } : { limit: 100 }, { token })).body);

const change = (t: TestApp, userId: number, currencyId: number) =>
  balanceOf(t.app.ctx.db, userId, currencyId, 'change');

describeEachDatabase('dual invest', ({ app, database }) => {
  // First in the file: no earlier test's unsettled order keeps old prices in the record.
  it('a maturity passed during a long downtime still settles on its recorded price', async () => {
    const feed = pushFeed();
    const t = await investApp(database(), feed);
    try {
      ownDays(t);
      const boss = await adminUser(t);
      const alice = await registerUser(t);
      await fundChange(t, alice.token, '1', '0.3');
      await tick(t, feed, '100000');
      const p = await newProduct(t, boss.token, { holding_days: 1 });
      const order = okOf(dual.buyDual, (await buy(t, alice.token, { id: p.id, num: 2 })).body);
      await matureAt(t, feed, p.maturity_at, '120000');
      // No sweep ran; three hours later the record prunes what is older than an hour, except
      // what an unsettled order still needs.
      t.clock.set(new Date(p.maturity_at + 3 * HOUR));
      await tick(t, feed, '90000');
      await t.app.ctx.scheduler.runDue();
      const done = (await orders(t, alice.token)).data.find((o) => o.id === order.id);
      expect(done).toMatchObject({ state: 'completed', settle_price: '120000' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('pays in the coin below the linked price and in USDT at it, on the recorded price at maturity', async () => {
    const feed = pushFeed();
    const u = await investApp(database(), feed);
    try {
      ownDays(u);
      const boss = await adminUser(u);
      const alice = await registerUser(u);
      await fundChange(u, alice.token, '1', '0.3');
      await tick(u, feed, '100500');
      const low = await newProduct(u, boss.token);
      const high = await newProduct(u, boss.token);
      expect(low).toMatchObject({
        type: 'call',
        currency_name: 'BTC',
        symbol: 'BTC/USDT',
        price_per_share: '0.01',
        apr: '0.365',
        linked_price: '100000',
        holding_days: 7,
        remaining_shares: 100,
        progress: '0',
        status: 'on_sale',
      });
      expect(low.maturity_at).toBe(low.sale_ends_at + 7 * DAY);

      // 10 shares x 0.01 BTC = 0.1 BTC held in the exchange account.
      const a = okOf(dual.buyDual, (await buy(u, alice.token, { id: low.id, num: 10 })).body);
      const b = okOf(dual.buyDual, (await buy(u, alice.token, { id: high.id, num: '10' })).body);
      expect(a).toMatchObject({ state: 'purchased', num: 10, amount: '0.1', settle_price: null, payout: null });
      expect(await change(u, alice.user.id, BTC)).toEqual({ available: '0.1', held: '0.2' });
      const detail = okOf(dual.dualDetail, (await u.call(dual.dualDetail, { id: low.id })).body);
      expect(detail).toMatchObject({ remaining_shares: 90, progress: '10' });

      // Matured but the sweep has not run: settling.
      u.clock.set(new Date(low.maturity_at + SECOND));
      expect((await orders(u, alice.token, 'settling')).data.map((o) => o.id).sort()).toEqual([a.id, b.id].sort());
      expect((await orders(u, alice.token, 'purchased')).total).toBe(0);

      const houseBtc = await systemBalance(database().db, 'house', BTC);
      const houseUsdt = await systemBalance(database().db, 'house', 3);
      // Both share one maturity: one recorded price, 99,999 (below the linked price).
      await matureAt(u, feed, low.maturity_at, '99999');
      await u.app.ctx.scheduler.runDue();
      const settled = await orders(u, alice.token, 'completed');
      expect(settled.total).toBe(2);
      for (const o of settled.data) {
        expect(o).toMatchObject({
          state: 'completed',
          settle_price: '99999',
          settle_price_at: low.maturity_at - SECOND,
          settle_source: 'simulated',
          // 0.1 x (1 + 7 x 0.365 / 365) = 0.1007 BTC.
          payout: '0.1007',
          payout_currency_name: 'BTC',
        });
      }
      expect(await change(u, alice.user.id, BTC)).toEqual({ available: '0.3014', held: '0' });
      // The house paid 2 x 0.0007 BTC of interest.
      expect(Number((await systemBalance(database().db, 'house', BTC)).available)).toBeCloseTo(
        Number(houseBtc.available) - 0.0014,
        12,
      );

      // A product settled at the linked price exactly pays USDT; 1 day: 0.1 x 100,000 x 1.001 = 10,010.
      const at = await newProduct(u, boss.token, { holding_days: 1 });
      const c = okOf(dual.buyDual, (await buy(u, alice.token, { id: at.id, num: 10 })).body);
      await matureAt(u, feed, at.maturity_at, '100000');
      await u.app.ctx.scheduler.runDue();
      const paid = (await orders(u, alice.token, 'completed')).data.find((o) => o.id === c.id);
      expect(paid).toMatchObject({
        settle_price: '100000',
        payout: '10010',
        payout_currency_id: 3,
        payout_currency_name: 'USDT',
      });
      expect(await change(u, alice.user.id, 3)).toEqual({ available: '10011', held: '0' });
      expect(await change(u, alice.user.id, BTC)).toEqual({ available: '0.2014', held: '0' });
      // The house took the 0.1 BTC and paid the USDT.
      expect(Number((await systemBalance(database().db, 'house', 3)).available)).toBeCloseTo(
        Number(houseUsdt.available) - 10010,
        8,
      );
      expect((await checkInvariants(database().db)).ok).toBe(true);
    } finally {
      await u.close();
    }
  });

  it('settles each order exactly once: the sweep run twice, and again after a restart', async () => {
    const feed = pushFeed();
    const first = await investApp(database(), feed);
    ownDays(first);
    const boss = await adminUser(first);
    const alice = await registerUser(first);
    await fundChange(first, alice.token, '1', '0.3');
    await tick(first, feed, '100000');
    const p = await newProduct(first, boss.token, { holding_days: 3 });
    const order = okOf(dual.buyDual, (await buy(first, alice.token, { id: p.id, num: 5 })).body);
    await matureAt(first, feed, p.maturity_at, '90000');
    const now = first.clock.now();
    const sweep = () =>
      inTransaction(database().db, (tx) =>
        settleDue(tx, {
          until: now.getTime(),
          now,
          recordedThrough: (id) => first.app.ctx.priceRecord.history.recordedThrough(id),
        }),
      );
    const once = await sweep();
    expect(once.completed).toBeGreaterThanOrEqual(1);
    const twice = await sweep();
    expect(twice).toEqual({ completed: 0, failed: 0, waiting: 0 });
    // The scheduler's own run of the same minute finds nothing left either.
    await first.app.ctx.scheduler.runDue();
    const after = await change(first, alice.user.id, BTC);
    await first.close();

    const second = await investApp(database(), pushFeed());
    try {
      second.clock.set(new Date(now.getTime() + 5 * MINUTE));
      await second.app.ctx.scheduler.runDue();
      expect(await change(second, alice.user.id, BTC)).toEqual(after);
      const done = (await orders(second, alice.token)).data.find((o) => o.id === order.id);
      // 5 x 0.01 = 0.05 BTC x (1 + 3 x 0.365 / 365) = 0.05 x 1.003 = 0.05015 BTC.
      expect(done).toMatchObject({ state: 'completed', payout: '0.05015', settle_price: '90000' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('fails the order and releases the principal when no price was recorded near maturity', async () => {
    const feed = pushFeed();
    const t = await investApp(database(), feed);
    try {
      ownDays(t);
      const boss = await adminUser(t);
      const alice = await registerUser(t);
      await fundChange(t, alice.token, '1', '0.3');
      await tick(t, feed, '100000');
      const p = await newProduct(t, boss.token, { holding_days: 1 });
      const order = okOf(dual.buyDual, (await buy(t, alice.token, { id: p.id, num: 20 })).body);
      // The last trade before maturity is 30 s older than it (the feed was silent), then trades resume.
      t.clock.set(new Date(p.maturity_at - 30 * SECOND));
      await tick(t, feed, '50000');
      t.clock.set(new Date(p.maturity_at + 2 * MINUTE));
      await tick(t, feed, '150000');
      await t.app.ctx.scheduler.runDue();
      const failed = (await orders(t, alice.token, 'failed')).data;
      expect(failed.map((o) => o.id)).toEqual([order.id]);
      expect(failed[0]).toMatchObject({
        settle_price: null,
        settle_price_at: null,
        settle_source: null,
        payout: '0.2',
        payout_currency_name: 'BTC',
      });
      expect(await change(t, alice.user.id, BTC)).toEqual({ available: '0.3', held: '0' });
      expect((await checkInvariants(database().db)).ok).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('waits while the price record is not final at maturity', async () => {
    const feed = pushFeed();
    const t = await investApp(database(), feed);
    try {
      ownDays(t);
      const boss = await adminUser(t);
      const alice = await registerUser(t);
      await fundChange(t, alice.token, '1', '0.3');
      await tick(t, feed, '100000');
      const p = await newProduct(t, boss.token, { holding_days: 1 });
      const order = okOf(dual.buyDual, (await buy(t, alice.token, { id: p.id, num: 1 })).body);
      // Nothing pumped since before maturity: the record is not final there yet.
      t.clock.set(new Date(p.maturity_at + 2 * MINUTE));
      await t.app.ctx.scheduler.runDue();
      expect((await orders(t, alice.token, 'settling')).data.map((o) => o.id)).toEqual([order.id]);
    } finally {
      await t.close();
    }
  });

  it('refuses bad input by field, products not on sale, and shows no other user orders', async () => {
    const t = app();
    ownDays(t);
    const boss = await adminUser(t);
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    await fundChange(t, alice.token, '1', '0.1');
    const p = await newProduct(t, boss.token, { total_shares: 20 });
    const cases: [Record<string, unknown>, string][] = [
      [{ id: p.id, num: '' }, 'Please enter the purchase quantity'],
      [{ id: p.id }, 'Please enter the purchase quantity'],
      [{ id: p.id, num: '1.5' }, 'Purchase quantity should be an integer'],
      [{ id: p.id, num: 'two' }, 'Purchase quantity should be an integer'],
      [{ id: p.id, num: '0' }, 'The purchase quantity must be at least 1 share'],
      [{ id: p.id, num: '21' }, 'Only 20 shares of this product are left'],
      [{ id: 999_999, num: '1' }, 'The product does not exist'],
      [{ id: 'x', num: '1' }, 'ID is invalid'],
      [
        { id: p.id, num: '11' },
        'Insufficient balance: 0.11 BTC is needed and 0.1 BTC is available in your exchange account',
      ],
    ];
    for (const [body, message] of cases) expect((await buy(t, alice.token, body)).body).toEqual(error(message));
    // No refusal took a share or a coin.
    expect(okOf(dual.dualDetail, (await t.call(dual.dualDetail, { id: p.id })).body).remaining_shares).toBe(20);
    expect(await change(t, alice.user.id, BTC)).toEqual({ available: '0.1', held: '0' });

    const key = randomUUID();
    const order = okOf(dual.buyDual, (await buy(t, alice.token, { id: p.id, num: 3 }, key)).body);
    // The same key replays the order; the shares and coins were taken once.
    expect(okOf(dual.buyDual, (await buy(t, alice.token, { id: p.id, num: 3 }, key)).body).id).toBe(order.id);
    expect((await buy(t, alice.token, { id: p.id, num: 4 }, key)).body).toEqual(
      error('This Idempotency-Key was already used for a different request'),
    );
    expect(await change(t, alice.user.id, BTC)).toEqual({ available: '0.07', held: '0.03' });
    const noKey = await callWithKey(t, dual.buyDual, { id: p.id, num: 1, lang: 'en' }, { token: alice.token });
    expect(noKey.body).toEqual(error(expect.stringContaining('Idempotency-Key')));
    expect((await t.call(dual.buyDual, { id: p.id, num: 1 })).body.type).toBe('999');

    // Bob sees none of Alice's orders, in any state.
    expect((await orders(t, bob.token)).total).toBe(0);
    for (const s of dual.DUAL_STATES) expect((await orders(t, bob.token, s)).total).toBe(0);
    expect((await orders(t, alice.token)).data.map((o) => o.id)).toEqual([order.id]);
    expect((await t.call(dual.dualList, { state: 'open', lang: 'en' }, { token: alice.token })).body).toEqual(
      error('Order state is invalid'),
    );

    // Disabled or past its sale end: not on sale, and no longer listed.
    await newProduct(t, boss.token, { id: p.id, total_shares: 20, enabled: false });
    expect((await buy(t, alice.token, { id: p.id, num: 1 })).body).toEqual(error('This product is not on sale'));
    const ended = await newProduct(t, boss.token, { sale_ends_at: t.clock.now().getTime() + MINUTE });
    t.clock.advance(2 * MINUTE);
    expect((await buy(t, alice.token, { id: ended.id, num: 1 })).body).toEqual(error('This product is not on sale'));
    const listed = okOf(dual.dualIndex, (await t.call(dual.dualIndex, { currency_id: BTC })).body);
    expect(listed.products.map((x) => x.id)).not.toContain(p.id);
    expect(listed.products.map((x) => x.id)).not.toContain(ended.id);
    expect(okOf(dual.dualDetail, (await t.call(dual.dualDetail, { id: ended.id })).body).status).toBe('ended');
    // Only `call` is offered: `put` lists nothing.
    expect(okOf(dual.dualIndex, (await t.call(dual.dualIndex, { type: 'put' })).body).products).toEqual([]);
    expect(listed.currencies).toEqual([
      { currency_id: BTC, currency_name: 'BTC' },
      { currency_id: ETH, currency_name: 'ETH' },
    ]);
  });

  it('lists products by coin and lets only admins create and edit them, audited', async () => {
    const t = app();
    ownDays(t);
    const boss = await adminUser(t);
    const alice = await registerUser(t);
    await fundChange(t, alice.token, '1', '0.1');
    const eth = await newProduct(t, boss.token, { currency_id: ETH, price_per_share: '0.1', linked_price: '3600' });
    const btc = await newProduct(t, boss.token);
    const ethList = okOf(dual.dualIndex, (await t.call(dual.dualIndex, { currency_id: ETH })).body).products;
    expect(ethList.map((x) => x.id)).toContain(eth.id);
    expect(ethList.every((x) => x.currency_id === ETH)).toBe(true);
    expect((await saveProduct(t, alice.token)).type).toBe('error');
    expect(await saveProduct(t, boss.token, { currency_id: 3 })).toEqual(
      error('Dual invest is not offered for this currency'),
    );
    okOf(dual.buyDual, (await buy(t, alice.token, { id: btc.id, num: 4 })).body);
    expect(await saveProduct(t, boss.token, { id: btc.id, total_shares: 3 })).toEqual(
      error('Total shares cannot be below the 4 shares already sold'),
    );
    const edited = await newProduct(t, boss.token, { id: btc.id, total_shares: 50, apr: '0.5' });
    expect(edited).toMatchObject({ total_shares: 50, sold_shares: 4, remaining_shares: 46, progress: '8', apr: '0.5' });
    // The order keeps the rate it was bought at.
    expect((await orders(t, alice.token)).data[0]).toMatchObject({ apr: '0.365' });
    const audits = await database()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'dual_product'), eq(auditLog.entityId, btc.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['dual_product.create', 'dual_product.update']);
    const all = okOf(dual.adminDualProducts, (await t.call(dual.adminDualProducts, {}, { token: boss.token })).body);
    expect(all.data.map((x) => x.id)).toContain(eth.id);
  });

  it('never oversells the last shares under a burst of concurrent buys; refused buys change no balance', async () => {
    const t = app();
    ownDays(t);
    const boss = await adminUser(t);
    const users = await Promise.all(Array.from({ length: 5 }, () => registerUser(t)));
    for (const u of users) await fundChange(t, u.token, '1', '0.1');
    const p = await newProduct(t, boss.token, { total_shares: 12 });
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => buy(t, users[i % users.length]!.token, { id: p.id, num: 1 })),
    );
    const accepted = replies.filter((r) => r.body.type === 'ok');
    expect(accepted).toHaveLength(12);
    for (const r of replies.filter((x) => x.body.type !== 'ok')) {
      expect(r.body).toEqual(error('Only 0 shares of this product are left'));
    }
    const [row] = await database().db.select().from(dualProducts).where(eq(dualProducts.id, p.id));
    expect(row?.soldShares).toBe(12);
    let held = 0;
    for (const u of users) {
      const b = await change(t, u.user.id, BTC);
      expect(Number(b.available) + Number(b.held)).toBeCloseTo(0.1, 12);
      held += Number(b.held);
      expect(Number(b.held)).toBeCloseTo((await orders(t, u.token)).total * 0.01, 12);
    }
    expect(held).toBeCloseTo(0.12, 12);

    // A balance for 5 shares and 20 concurrent buys: 5 accepted, the others take no share.
    const poor = await registerUser(t);
    await fundChange(t, poor.token, '1', '0.05');
    const q = await newProduct(t, boss.token, { total_shares: 100 });
    const tries = await Promise.all(Array.from({ length: 20 }, () => buy(t, poor.token, { id: q.id, num: 1 })));
    expect(tries.filter((r) => r.body.type === 'ok')).toHaveLength(5);
    expect(okOf(dual.dualDetail, (await t.call(dual.dualDetail, { id: q.id })).body).remaining_shares).toBe(95);
    expect(await change(t, poor.user.id, BTC)).toEqual({ available: '0', held: '0.05' });
    expect((await checkInvariants(database().db)).ok).toBe(true);
  });

  it('makes the demo products of the day from the feed price, once', async () => {
    const feed = pushFeed();
    const t = await investApp(database(), feed);
    try {
      ownDays(t);
      // No price yet: nothing is made up.
      t.clock.advance(MINUTE);
      await t.app.ctx.scheduler.runDue();
      expect(okOf(dual.dualIndex, (await t.call(dual.dualIndex, {})).body).products).toEqual([]);
      t.clock.advance(MINUTE);
      await tick(t, feed, '97012.5');
      await tick(t, feed, '3400', 'ETH/USDT');
      await t.app.ctx.scheduler.runDue();
      const made = okOf(dual.dualIndex, (await t.call(dual.dualIndex, {})).body).products;
      expect(made.map((x) => [x.currency_name, x.holding_days, x.linked_price, x.apr])).toEqual([
        ['BTC', 1, '99000', '0.365'],
        ['BTC', 3, '100900', '0.55'],
        ['BTC', 7, '103900', '0.73'],
        ['ETH', 1, '3470', '0.365'],
        ['ETH', 3, '3540', '0.55'],
        ['ETH', 7, '3640', '0.73'],
      ]);
    } finally {
      await t.close();
    }
  });
});
