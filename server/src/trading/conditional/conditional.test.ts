import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { balanceOf, checkInvariants, requestHash } from '../../ledger/index';
import { describeEachDatabase } from '../../testing/suite';
import { stop, tape } from '../../testing/conditional';
import { BTC, BTC_USDT, limit, tradingProblems, tradingUser, USDT } from '../../testing/trading';
import { Trading } from '../core';

type Row = Record<string, unknown>;

describeEachDatabase('conditional orders in the trading core', ({ app }) => {
  const core = () => app().app.ctx.trading as Trading;
  const db = () => app().app.ctx.db;
  const row = async (id: number): Promise<Row> =>
    ((await db().execute(sql`SELECT * FROM spot_conditional_orders WHERE id = ${id}`)) as unknown as { rows: Row[] })
      .rows[0]!;
  const healthy = async () => {
    expect(await tradingProblems(db(), core())).toEqual([]);
    expect((await checkInvariants(db())).problems).toEqual([]);
  };

  it('holds a stop-limit buy at placement and fires it once at the first trade at or above its trigger', async () => {
    const t = await tape(db(), core);
    await t.at(9_700_000);
    const user = await tradingUser(db(), { [USDT]: '100' });
    const placed = await core().placeConditional(stop(user, { triggerPrice: 9_710_000, price: 9_720_000, qty: 1000 }));
    expect(placed).toMatchObject({ status: 'waiting', triggerPrice: '97100', above: true, price: '97200' });
    expect(await balanceOf(db(), user, USDT, 'change')).toEqual({ available: '2.8', held: '97.2' });

    await t.at(9_705_000);
    expect((await row(placed.id)).status).toBe('waiting');
    // Liquidity above the trigger for the fired order to take.
    await core().place(limit(t.seller, BTC_USDT, 'sell', 9_715_000, 1000));
    const firing = await t.at(9_712_000);
    const fired = await row(placed.id);
    expect(fired).toMatchObject({ status: 'triggered' });
    const trade = core()
      .recentTrades(BTC_USDT, 5)
      .find((x) => x.takerOrderId === firing.id)!;
    expect(Number(fired.trigger_trade_id)).toBe(trade.id);
    expect(fired.triggered_at).not.toBeNull();
    const order = (
      (await db().execute(sql`SELECT * FROM spot_orders WHERE id = ${Number(fired.order_id)}`)) as unknown as {
        rows: Row[];
      }
    ).rows[0]!;
    expect(order).toMatchObject({ status: 'filled', type: 'limit', side: 'buy' });
    // Filled at the resting 97150 within its 97200 limit; the improvement is released.
    expect(await balanceOf(db(), user, BTC, 'change')).toEqual({ available: '0.001', held: '0' });
    expect(await balanceOf(db(), user, USDT, 'change')).toEqual({ available: '2.85', held: '0' });

    // A later trade beyond the trigger fires nothing again.
    await t.at(9_730_000);
    expect((await row(placed.id)).order_id).toBe(fired.order_id);
    await healthy();
  });

  it('fires a stop-market sell below its trigger, and a stop fired by a stop in the same batch', async () => {
    const t = await tape(db(), core);
    await t.at(9_700_000);
    const a = await tradingUser(db(), { [BTC]: '0.001' });
    const b = await tradingUser(db(), { [BTC]: '0.001' });
    const first = await core().placeConditional(
      stop(a, { kind: 'stop_market', side: 'sell', triggerPrice: 9_690_000, qty: 1000 }),
    );
    const second = await core().placeConditional(
      stop(b, { kind: 'stop_market', side: 'sell', triggerPrice: 9_650_000, qty: 1000 }),
    );
    expect(await balanceOf(db(), a, BTC, 'change')).toEqual({ available: '0', held: '0.001' });
    // Bids: the first stop sells into 96800 and 96400, whose trade fires the second.
    await core().place(limit(t.buyer, BTC_USDT, 'buy', 9_680_000, 500));
    await core().place(limit(t.buyer, BTC_USDT, 'buy', 9_640_000, 2000));
    await t.at(9_690_000, 1, 'sell');
    const [ra, rb] = [await row(first.id), await row(second.id)];
    expect(ra.status).toBe('triggered');
    expect(rb.status).toBe('triggered');
    expect(Number(rb.trigger_trade_id)).toBeGreaterThan(Number(ra.trigger_trade_id));
    expect(await balanceOf(db(), a, USDT, 'change')).toEqual({ available: '96.6', held: '0' });
    expect(await balanceOf(db(), b, USDT, 'change')).toEqual({ available: '96.4', held: '0' });
    await healthy();
  });

  it('trails the highest trade and fires a trailing sell when the price falls back by the distance', async () => {
    const t = await tape(db(), core);
    await t.at(10_000_000);
    const user = await tradingUser(db(), { [BTC]: '0.001' });
    const placed = await core().placeConditional(
      stop(user, { kind: 'trailing_stop', side: 'sell', qty: 1000, trailBps: 100 }),
    );
    expect(placed).toMatchObject({ triggerPrice: '99000', bestPrice: '100000', trailPercent: '1' });
    await t.at(10_200_000);
    expect(await row(placed.id)).toMatchObject({ status: 'waiting' });
    expect(Number((await row(placed.id)).trigger_price)).toBe(100_980);
    await t.at(10_100_000);
    expect((await row(placed.id)).status).toBe('waiting');
    await core().place(limit(t.buyer, BTC_USDT, 'buy', 10_090_000, 1000));
    await t.at(10_098_000, 1, 'sell');
    expect((await row(placed.id)).status).toBe('triggered');
    expect(await balanceOf(db(), user, USDT, 'change')).toEqual({ available: '100.9', held: '0' });
    await healthy();
  });

  it("refuses a trigger already reached, too little balance and another user's cancel; a cancel releases", async () => {
    const t = await tape(db(), core);
    await t.at(9_700_000);
    const user = await tradingUser(db(), { [USDT]: '50' });
    const other = await tradingUser(db(), { [USDT]: '50' });
    await expect(
      core().placeConditional(stop(user, { triggerPrice: 9_700_000, price: 9_700_000, qty: 100 })),
    ).rejects.toMatchObject({ key: 'trigger_price_reached', field: 'trigger_price', values: { last: '97000' } });
    await expect(
      core().placeConditional(stop(user, { triggerPrice: 9_800_000, price: 9_800_000, qty: 1000 })),
    ).rejects.toMatchObject({ key: 'insufficient_balance', values: { available: '50' } });
    await expect(
      core().placeConditional(stop(user, { kind: 'stop_market', triggerPrice: 9_800_000, qty: 100 })),
    ).rejects.toMatchObject({ key: 'field_invalid', field: 'amount' });
    const placed = await core().placeConditional(stop(user, { triggerPrice: 9_800_000, price: 9_800_000, qty: 500 }));
    await expect(core().cancelConditional(other, placed.id)).rejects.toMatchObject({ key: 'order_not_found' });
    const cancelled = await core().cancelConditional(user, placed.id);
    expect(cancelled.status).toBe('cancelled');
    expect(await balanceOf(db(), user, USDT, 'change')).toEqual({ available: '50', held: '0' });
    await expect(core().cancelConditional(user, placed.id)).rejects.toMatchObject({ key: 'order_not_found' });
    await t.at(9_900_000);
    expect((await row(placed.id)).status).toBe('cancelled');
    await healthy();
  });

  it('replays a placement under the same key and keeps waiting orders across a restart', async () => {
    const t = await tape(db(), core);
    await t.at(9_700_000);
    const user = await tradingUser(db(), { [USDT]: '1000' });
    const body = { kind: 'stop_limit', trigger: '97500' };
    const idempotency = {
      key: 'stop-1',
      hash: requestHash('/coin/conditional/place', body),
      scope: '/coin/conditional/place',
    };
    const order = stop(user, { triggerPrice: 9_750_000, price: 9_750_000, qty: 1000, idempotency });
    const [a, b] = await Promise.all([core().placeConditional(order), core().placeConditional(order)]);
    const c = await core().placeConditional(order);
    expect(b.id).toBe(a.id);
    expect(c).toEqual(a);
    expect(await balanceOf(db(), user, USDT, 'change')).toEqual({ available: '902.5', held: '97.5' });

    const restarted = new Trading({ db: db(), now: () => new Date(), log: (err) => expect.fail(String(err)) });
    await restarted.start();
    try {
      expect(restarted.waitingConditionals).toBe(core().waitingConditionals);
    } finally {
      await restarted.stop();
    }
    await core().cancelConditional(user, a.id);
    await healthy();
  });
});
